// "Describe with the LLM": sends the request describe-request.ts built (and the person read) with the AI SDK, and checks the answer.
import { oneReply, type OneReplyOptions } from "../llm/one-reply";
import type { DescribeRequest } from "./describe-request";
import { parseDescribeAnswer, type DescribeOutcome } from "./describe-answer";

export * from "./describe-request";
export * from "./describe-answer";

export type DescribeOptions = OneReplyOptions;

/** Sends the request (exactly what describeRequestText showed), retrying rate limits and server errors, and checks the answer. */
export async function describeWithLlm(request: DescribeRequest, options: DescribeOptions): Promise<DescribeOutcome> {
  if (request.columns.length === 0) return { ok: false, error: { kind: "bad-request", message: "No columns were chosen to describe." } };
  const reply = await oneReply(request, options);
  return reply.ok ? parseDescribeAnswer(reply.text, request) : { ok: false, error: reply.error };
}

// The kinds of LLM error a person is told about, as stored in traces. Apart from llm-errors.ts, which classifies what
// the AI SDK threw and so imports its error classes: reading a stored trace at start needs the kinds, not the SDK.
import * as z from "../zod-mini";

export const llmErrorKindSchema = z.enum([
  "auth",
  "model-not-found",
  "rate-limit",
  "server",
  "bad-request",
  "tools-unsupported",
  "network",
  "timeout",
  "stream-cut",
  "bad-response",
  "aborted",
  "unknown",
]);
export type LlmErrorKind = z.infer<typeof llmErrorKindSchema>;

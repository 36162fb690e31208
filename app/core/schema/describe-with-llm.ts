// "Describe with the LLM": sends the request describe-request.ts built (and the person read) with the AI SDK, and checks the answer.
import { generateText, type LanguageModel } from "ai";
import { classifyLlmError, retryDelayMs, type LlmError } from "../llm/llm-errors";
import type { LlmSettings } from "../llm/provider-presets";
import { parseDescribeAnswer, type DescribeOutcome, type DescribeRequest } from "./describe-request";

export * from "./describe-request";

export interface DescribeOptions {
  model: LanguageModel;
  settings: Pick<LlmSettings, "model" | "baseUrl" | "timeoutMs" | "maxRetries">;
  abortSignal?: AbortSignal;
  /** Said when the endpoint cannot be reached (the page adds a CORS hint). */
  reachHint?: string;
  /** Waits between retries; replaced in tests. */
  sleep?: (milliseconds: number) => Promise<void>;
}

/** Sends the request (exactly what describeRequestText showed), retrying rate limits and server errors, and checks the answer. */
export async function describeWithLlm(request: DescribeRequest, options: DescribeOptions): Promise<DescribeOutcome> {
  if (request.columns.length === 0) return { ok: false, error: { kind: "bad-request", message: "No columns were chosen to describe." } };
  const sleep = options.sleep ?? ((milliseconds: number) => new Promise<void>((resolve) => setTimeout(resolve, milliseconds)));
  for (let attempt = 1; ; attempt += 1) {
    const requestAbort = new AbortController();
    const onAbort = () => requestAbort.abort(options.abortSignal?.reason);
    options.abortSignal?.addEventListener("abort", onAbort, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      requestAbort.abort(new Error("timeout"));
    }, options.settings.timeoutMs);
    try {
      const result = await generateText({
        model: options.model,
        system: request.system,
        prompt: request.prompt,
        maxRetries: 0,
        abortSignal: requestAbort.signal,
      });
      return parseDescribeAnswer(result.text, request);
    } catch (error) {
      const problem: LlmError = classifyLlmError(error, {
        model: options.settings.model,
        baseUrl: options.settings.baseUrl,
        reachHint: options.reachHint,
        timedOut,
        aborted: options.abortSignal?.aborted ?? false,
      });
      if (!problem.retryable || attempt > options.settings.maxRetries) return { ok: false, error: { kind: problem.kind, message: problem.message } };
      await sleep(retryDelayMs(attempt, problem));
    } finally {
      clearTimeout(timer);
      options.abortSignal?.removeEventListener("abort", onAbort);
    }
  }
}

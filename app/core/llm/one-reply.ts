// One request to the configured model for one text reply (no tools, no stream): the describe-with-LLM answer and an
// exercise hint. Its own timeout, retries of rate limits and server errors, and errors a person can act on.
import { generateText, type LanguageModel } from "ai";
import { classifyLlmError, retryDelayMs, type LlmError } from "./llm-errors";
import type { LlmSettings } from "./provider-presets";

export interface OneReplyOptions {
  model: LanguageModel;
  settings: Pick<LlmSettings, "model" | "baseUrl" | "timeoutMs" | "maxRetries">;
  abortSignal?: AbortSignal;
  /** Said when the endpoint cannot be reached (the page adds a CORS hint). */
  reachHint?: string;
  /** Waits between retries; replaced in tests. */
  sleep?: (milliseconds: number) => Promise<void>;
}

export type OneReplyOutcome = { ok: true; text: string } | { ok: false; error: Pick<LlmError, "kind" | "message"> };

/** Sends `system` and `prompt` as they are, retrying what may pass on a retry, each attempt under the settings' timeout. */
export async function oneReply(request: { system: string; prompt: string }, options: OneReplyOptions): Promise<OneReplyOutcome> {
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
      return { ok: true, text: result.text };
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

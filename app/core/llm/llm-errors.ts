// Turns whatever an LLM call threw into an error a person can act on, and says whether trying again may help.
import { APICallError } from "ai";
import { z } from "zod";
import { errorMessage } from "../error-message";

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
  "aborted",
  "unknown",
]);
export type LlmErrorKind = z.infer<typeof llmErrorKindSchema>;

export interface LlmError {
  kind: LlmErrorKind;
  message: string;
  retryable: boolean;
  /** From Retry-After, when the provider sent one. */
  retryAfterMs?: number;
  statusCode?: number;
}

function retryAfterMs(headers: Record<string, string> | undefined): number | undefined {
  // OpenAI also sends retry-after-ms, more precise than Retry-After's whole seconds.
  const milliseconds = Number(headers?.["retry-after-ms"]);
  if (headers?.["retry-after-ms"] !== undefined && Number.isFinite(milliseconds)) return Math.max(0, milliseconds);
  const value = headers?.["retry-after"] ?? headers?.["Retry-After"];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function providerMessage(body: string | undefined): string {
  if (!body) return "";
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const message = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    return message ? ` The provider says: ${message}` : "";
  } catch {
    return body.length < 200 ? ` The provider says: ${body}` : "";
  }
}

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && chain.length < 6) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function classifyLlmError(
  error: unknown,
  context: { model: string; baseUrl: string; reachHint?: string; timedOut?: boolean; aborted?: boolean },
): LlmError {
  if (context.aborted) return { kind: "aborted", message: "Stopped.", retryable: false };
  if (context.timedOut) {
    return { kind: "timeout", message: `The model did not answer in time. Try again, raise the timeout in Settings, or pick a faster model.`, retryable: true };
  }
  const chain = causeChain(error);
  const apiError = chain.find((item) => APICallError.isInstance(item)) as APICallError | undefined;
  // A 2xx status with an error means the answer started and then broke off: the stream was cut.
  if (apiError?.statusCode !== undefined && apiError.statusCode < 300) {
    return { kind: "stream-cut", retryable: true, message: "The connection to the model was cut before the answer was complete." };
  }
  if (apiError?.statusCode !== undefined) {
    const status = apiError.statusCode;
    const said = providerMessage(apiError.responseBody);
    if (status === 401 || status === 403) {
      return {
        kind: "auth",
        statusCode: status,
        retryable: false,
        message: `The provider refused the API key (HTTP ${status}). Check the key in Settings.${said}`,
      };
    }
    if (status === 404) {
      return {
        kind: "model-not-found",
        statusCode: status,
        retryable: false,
        message: `The provider does not know the model "${context.model}" (HTTP 404). Pick another model in Settings.${said}`,
      };
    }
    if (status === 429) {
      return {
        kind: "rate-limit",
        statusCode: status,
        retryable: true,
        retryAfterMs: retryAfterMs(apiError.responseHeaders),
        message: `The provider is rate-limiting requests (HTTP 429).${said}`,
      };
    }
    if (status >= 500) {
      return {
        kind: "server",
        statusCode: status,
        retryable: true,
        retryAfterMs: retryAfterMs(apiError.responseHeaders),
        message: `The provider had a server error (HTTP ${status}).${said}`,
      };
    }
    if (status === 400 && /tool|function/i.test(apiError.responseBody ?? apiError.message)) {
      return { kind: "tools-unsupported", statusCode: status, retryable: false, message: `The model refused tool calling (HTTP 400).${said}` };
    }
    return { kind: "bad-request", statusCode: status, retryable: false, message: `The provider rejected the request (HTTP ${status}).${said}` };
  }
  const text = chain.map((item) => (item instanceof Error ? `${item.name}: ${item.message}` : String(item))).join(" ← ");
  if (/AbortError|aborted/i.test(text) && !/terminated|socket/i.test(text)) return { kind: "aborted", message: "Stopped.", retryable: false };
  if (/Failed to fetch|fetch failed|NetworkError|ECONNREFUSED|ENOTFOUND|Load failed|Cannot connect/i.test(text) && !/terminated|closed|premature/i.test(text)) {
    return {
      kind: "network",
      retryable: false,
      message: `Could not reach ${context.baseUrl}. Check the address and that the server is running; a browser also needs the server to allow this page's origin (CORS).${context.reachHint ? ` ${context.reachHint}` : ""}`,
    };
  }
  if (/terminated|premature|socket|closed|ECONNRESET|network error|stream/i.test(text)) {
    return { kind: "stream-cut", retryable: true, message: "The connection to the model was cut before the answer was complete." };
  }
  return { kind: "unknown", retryable: false, message: `The model call failed: ${errorMessage(chain[0])}` };
}

/** How long to wait before attempt `attempt` (1-based): Retry-After when given, else exponential backoff with jitter. */
export function retryDelayMs(attempt: number, error: LlmError, random: () => number = Math.random): number {
  if (error.retryAfterMs !== undefined) return Math.min(error.retryAfterMs, 60_000);
  const base = 500 * 2 ** (attempt - 1);
  return Math.round(base + base * 0.25 * random());
}

// Turns whatever an LLM call threw into an error a person can act on, and says whether trying again may help.
import { APICallError, JSONParseError, LoadAPIKeyError, TypeValidationError } from "ai";
import { errorMessage } from "../error-message";
import type { LlmErrorKind } from "./llm-error-kinds";

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

/** Google says when to retry in the body, not a header: a google.rpc.RetryInfo detail with a protobuf duration ("38s", "0.5s"). */
function googleRetryDelayMs(body: string | undefined): number | undefined {
  if (!body?.includes("RetryInfo")) return undefined;
  try {
    const details = (JSON.parse(body) as { error?: { details?: { "@type"?: string; retryDelay?: string }[] } }).error?.details ?? [];
    const delay = details.find((detail) => detail["@type"]?.endsWith("google.rpc.RetryInfo"))?.retryDelay;
    const seconds = delay === undefined ? NaN : Number(delay.replace(/s$/, ""));
    return Number.isFinite(seconds) ? Math.max(0, seconds * 1000) : undefined;
  } catch {
    return undefined;
  }
}

/** Google refuses an unknown key with 400 INVALID_ARGUMENT (reason API_KEY_INVALID), not 401. */
function isRefusedKey(body: string | undefined): boolean {
  return /API_KEY_INVALID|API key not valid|API key expired/i.test(body ?? "");
}

/**
 * The error object a provider sends inside a 200 stream, which the SDK hands over as it came: OpenAI-compatible
 * gateways `{message, type, code}`, Anthropic `{type: "overloaded_error", message}`.
 */
function inBandError(value: unknown): { type: string; message: string } | undefined {
  if (value === null || typeof value !== "object" || value instanceof Error) return undefined;
  const { type, code, message } = value as { type?: unknown; code?: unknown; message?: unknown };
  if (typeof message !== "string") return undefined;
  return { type: [type, code].filter((part) => typeof part === "string" || typeof part === "number").join(" "), message };
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
  if (chain.some((item) => LoadAPIKeyError.isInstance(item))) {
    return { kind: "auth", retryable: false, message: "No API key is set for this provider. Enter it in Settings." };
  }
  // A stream line that is not JSON, or JSON of the wrong shape: the answer arrived but could not be read (a proxy
  // garbling the stream, a server speaking another dialect). Asking again usually gets a clean answer.
  const answered = chain.find((item) => APICallError.isInstance(item)) as APICallError | undefined;
  if ((answered?.statusCode ?? 200) < 300 && chain.some((item) => JSONParseError.isInstance(item) || TypeValidationError.isInstance(item))) {
    return { kind: "bad-response", retryable: true, message: "The model's answer could not be read (a malformed stream). Trying again usually helps." };
  }
  const inBand = chain.length === 1 ? inBandError(chain[0]) : undefined;
  if (inBand !== undefined) {
    const said = ` The provider says: ${inBand.message}`;
    if (/rate_limit|rate-limit|resource_exhausted|\b429\b/i.test(inBand.type)) {
      return { kind: "rate-limit", retryable: true, message: `The provider is rate-limiting requests (reported mid-answer).${said}` };
    }
    if (/authentication|permission|invalid_api_key/i.test(inBand.type)) {
      return { kind: "auth", retryable: false, message: `The provider refused the API key (reported mid-answer). Check the key in Settings.${said}` };
    }
    if (/invalid_request|not_found|\b4\d\d\b/i.test(inBand.type)) {
      return { kind: "bad-request", retryable: false, message: `The provider rejected the request (reported mid-answer).${said}` };
    }
    // overloaded_error, api_error, server_error, or an error with no type: the server failed while answering.
    return { kind: "server", retryable: true, message: `The provider failed while answering.${said}` };
  }
  const apiError = answered;
  // A 2xx status with an error means the answer started and then broke off: the stream was cut.
  if (apiError?.statusCode !== undefined && apiError.statusCode < 300) {
    return { kind: "stream-cut", retryable: true, message: "The connection to the model was cut before the answer was complete." };
  }
  if (apiError?.statusCode !== undefined) {
    const status = apiError.statusCode;
    const said = providerMessage(apiError.responseBody);
    if (status === 401 || status === 403 || (status === 400 && isRefusedKey(apiError.responseBody))) {
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
        retryAfterMs: retryAfterMs(apiError.responseHeaders) ?? googleRetryDelayMs(apiError.responseBody),
        message: `The provider is rate-limiting requests (HTTP 429).${said}`,
      };
    }
    if (status >= 500) {
      return {
        kind: "server",
        statusCode: status,
        retryable: true,
        retryAfterMs: retryAfterMs(apiError.responseHeaders) ?? googleRetryDelayMs(apiError.responseBody),
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

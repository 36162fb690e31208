// What Test connection says when listing the models failed: the page's own policy, a refused key, no model list, or
// whatever the shared LLM error classification makes of it.
import type { classifyLlmError as ClassifyLlmError } from "../../core/llm/llm-errors";

export function connectionFailure(error: unknown, classify: typeof ClassifyLlmError, context: Parameters<typeof ClassifyLlmError>[1]): string {
  // Refused before sending (content-security.ts): its message already says a reload is needed; no "CORS" guess.
  if (error instanceof Error && error.name === "PagePolicyError") return error.message;
  const statusCode = (error as { statusCode?: number }).statusCode;
  // A 404 here means no model list at that address, not an unknown model (what a 404 means to the agent).
  if (statusCode === 404) return `Nothing answers ${context.baseUrl.replace(/\/+$/, "")}/models (HTTP 404). Check the Base URL.`;
  // 401/403, and Google's 400 with API_KEY_INVALID in the body, read as a refused key; 429, 5xx and the rest as the agent reads them.
  return classify(error, context).message;
}

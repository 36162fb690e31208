// The in-page model as an AI SDK language model: the agent's prompt becomes chat messages for a TextGenerator, and the
// generator's text streams back as text deltas, so it runs the same loop, trace and text protocol as a remote provider.
import type { LanguageModel } from "ai";
import { errorMessage } from "../error-message";
import type { ChatMessage, GenerationResult, TextGenerator } from "./text-generator";

type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: "v3" }>;
type CallOptions = Parameters<LanguageModelV3["doStream"]>[0];
type StreamResult = Awaited<ReturnType<LanguageModelV3["doStream"]>>;
type StreamPart = StreamResult["stream"] extends ReadableStream<infer Part> ? Part : never;
type GenerateResult = Awaited<ReturnType<LanguageModelV3["doGenerate"]>>;
type Prompt = CallOptions["prompt"];

/** Room for a short thought and a query; a small model that has not ended its turn by then is rambling. */
export const IN_PAGE_MAX_NEW_TOKENS = 512;

/** A tool result's output as the text the model reads. */
function outputText(output: { type: string; value?: unknown; reason?: string }): string {
  if (output.type === "text" || output.type === "error-text") return String(output.value ?? "");
  if (output.type === "execution-denied") return output.reason ?? "Not run.";
  return JSON.stringify(output.value ?? null);
}

/**
 * The AI SDK prompt as plain chat messages. Under the text protocol every part is text already; native tool calls and
 * results (a conversation begun with a provider that had tools) are written the way the text protocol writes them.
 */
export function chatMessages(prompt: Prompt): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (const message of prompt) {
    if (message.role === "system") {
      messages.push({ role: "system", content: message.content });
      continue;
    }
    const texts: string[] = [];
    for (const part of message.content) {
      if (part.type === "text") texts.push(part.text);
      else if (part.type === "tool-call") texts.push(`ACTION: ${part.toolName} ${JSON.stringify(part.input)}`);
      else if (part.type === "tool-result") texts.push(`Observation:\n${outputText(part.output)}`);
    }
    const role = message.role === "assistant" ? "assistant" : "user";
    const content = texts.join("\n\n");
    // Chat templates expect turns to alternate; two in a row of the same role are one turn.
    const previous = messages.at(-1);
    if (previous && previous.role === role) previous.content += `\n\n${content}`;
    else messages.push({ role, content });
  }
  return messages;
}

function usageOf(result: Pick<GenerationResult, "inputTokens" | "outputTokens">) {
  return {
    inputTokens: { total: result.inputTokens, noCache: result.inputTokens, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: result.outputTokens, text: result.outputTokens, reasoning: undefined },
  };
}

function finishReasonOf(result: GenerationResult) {
  return { unified: result.finish === "length" ? ("length" as const) : ("stop" as const), raw: result.finish };
}

function warningsFor(options: CallOptions) {
  // The plain-text protocol carries the tools; offered natively they are not passed to a model that cannot call them.
  return options.tools?.length ? [{ type: "other" as const, message: "The in-page model does not call tools natively; use the plain-text protocol." }] : [];
}

/**
 * The language model the agent calls. An abort (Stop, the turn's timeout) interrupts the generator and errors the
 * stream with its reason; a failed generation is an error part, classified like any provider's failure.
 */
export function inPageLanguageModel(generator: TextGenerator, options: { maxNewTokens?: number } = {}): LanguageModelV3 {
  const maxNewTokens = options.maxNewTokens ?? IN_PAGE_MAX_NEW_TOKENS;
  const requestOf = (call: CallOptions) => ({
    messages: chatMessages(call.prompt),
    maxNewTokens: Math.min(call.maxOutputTokens ?? maxNewTokens, maxNewTokens),
    temperature: call.temperature ?? 0,
  });
  return {
    specificationVersion: "v3",
    provider: "in-page",
    modelId: generator.modelId,
    supportedUrls: {},
    async doGenerate(call): Promise<GenerateResult> {
      const result = await generator.generate(requestOf(call), () => undefined, call.abortSignal);
      if (result.finish === "stopped") throw call.abortSignal?.reason ?? new Error("aborted");
      return { content: [{ type: "text", text: result.text }], finishReason: finishReasonOf(result), usage: usageOf(result), warnings: warningsFor(call) };
    },
    async doStream(call): Promise<StreamResult> {
      const request = requestOf(call);
      const stream = new ReadableStream<StreamPart>({
        start(controller) {
          controller.enqueue({ type: "stream-start", warnings: warningsFor(call) });
          controller.enqueue({ type: "text-start", id: "text" });
          generator
            .generate(request, (delta) => controller.enqueue({ type: "text-delta", id: "text", delta: delta.text }), call.abortSignal)
            .then((result) => {
              if (result.finish === "stopped" && call.abortSignal?.aborted) {
                controller.error(call.abortSignal.reason);
                return;
              }
              controller.enqueue({ type: "text-end", id: "text" });
              controller.enqueue({ type: "finish", usage: usageOf(result), finishReason: finishReasonOf(result) });
              controller.close();
            })
            .catch((error: unknown) => {
              controller.enqueue({ type: "error", error: error instanceof Error ? error : new Error(errorMessage(error)) });
              controller.close();
            });
        },
      });
      return { stream, request: { body: request } };
    },
  };
}

// The in-page provider's real path in Node: transformers.js loads the tiny chat model (test-models/querylab/tiny-chat)
// with downloads off, writes with its chat template and KV cache, and the AI SDK adapter streams it.
import { fileURLToPath } from "node:url";
import { streamText } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelLoadProgress } from "../model-load-progress";
import { chatMessages, inPageLanguageModel } from "./in-page-language-model";
import { createTransformersGenerator, generatorFromFolder, InPageModelError, type GenerationDelta, type LoadedTextGenerator } from "./text-generator";

const MODELS = fileURLToPath(new URL("../../../test-models/", import.meta.url));
const FIRST_TURN = "I will look at the tables first.\nACTION: list_tables";
const FINAL_TURN = "FINAL ANSWER:\n```sql\nSELECT COUNT(*) AS book_count FROM books;\n```";
const QUESTION = [
  { role: "system" as const, content: "Answer with SQL." },
  { role: "user" as const, content: "How many books are there?" },
];

let generator: LoadedTextGenerator;
const progress: ModelLoadProgress[] = [];

beforeAll(async () => {
  generator = await createTransformersGenerator({
    model: "querylab/tiny-chat",
    localModelPath: MODELS,
    allowRemoteModels: false,
    device: "cpu",
    onProgress: (event) => progress.push(event),
  });
});

afterAll(async () => {
  await generator?.dispose();
});

describe("the transformers.js generator on the tiny chat model", () => {
  it("loads the q4 weights from the folder with downloads off, reporting progress", () => {
    expect(generator.modelId).toBe("querylab/tiny-chat");
    expect(generator.dtype).toBe("q4");
    expect(progress.some((event) => event.file === "onnx/model_q4.onnx" && event.progress === 1)).toBe(true);
  });

  it("writes through the chat template and streams the text in pieces with the tokens so far", async () => {
    const deltas: GenerationDelta[] = [];
    const result = await generator.generate({ messages: QUESTION, maxNewTokens: 64, temperature: 0 }, (delta) => deltas.push(delta));
    expect(result.text).toBe(FIRST_TURN);
    expect(result.finish).toBe("stop");
    expect(deltas.map((delta) => delta.text).join("")).toBe(FIRST_TURN);
    expect(deltas.length).toBeGreaterThan(2);
    // Token counts grow with the text and end at the result's.
    expect(deltas.map((delta) => delta.outputTokens)).toEqual([...deltas.map((delta) => delta.outputTokens)].sort((a, b) => a - b));
    expect(result.outputTokens).toBe(7); // six pieces and the end of turn
    expect(result.inputTokens).toBeGreaterThan(10);
  });

  it("answers differently once an observation has come back (the conversation, not the call, decides)", async () => {
    const messages = [...QUESTION, { role: "assistant" as const, content: FIRST_TURN }, { role: "user" as const, content: "Observation:\nbooks, authors" }];
    const result = await generator.generate({ messages, maxNewTokens: 64, temperature: 0 }, () => undefined);
    expect(result.text).toBe(FINAL_TURN);
  });

  it("stops at max new tokens and says so", async () => {
    const result = await generator.generate({ messages: QUESTION, maxNewTokens: 3, temperature: 0 }, () => undefined);
    expect(result.outputTokens).toBe(3);
    expect(result.finish).toBe("length");
    expect(FIRST_TURN.startsWith(result.text)).toBe(true);
  });

  it("stops when its signal aborts", async () => {
    const abort = new AbortController();
    const result = await generator.generate({ messages: QUESTION, maxNewTokens: 64, temperature: 0 }, () => abort.abort(new Error("stopped")), abort.signal);
    expect(result.finish).toBe("stopped");
    expect(result.outputTokens).toBeLessThan(7);
  });

  it("says which file is missing and where it looked, or that a model is no chat model", async () => {
    const missing = await generatorFromFolder(`${MODELS}querylab/no-such-model`).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(InPageModelError);
    expect(String((missing as Error).message)).toMatch(
      /"no-such-model" could not be loaded from the folder .*querylab\/no-such-model\/: a file it needs is missing/s,
    );
    const embedding = await generatorFromFolder(`${MODELS}querylab/tiny-embed`).catch((error: unknown) => error);
    expect(String((embedding as Error).message)).toMatch(
      /"tiny-embed" could not be loaded .*: it is not a chat model transformers.js can run \(Unsupported model type: bert\)/,
    );
  });
});

describe("the AI SDK adapter", () => {
  it("streams the generator's text as text deltas with its token usage", async () => {
    const result = streamText({ model: inPageLanguageModel(generator), system: "Answer with SQL.", prompt: "How many books are there?", temperature: 0 });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "text-delta") deltas.push(part.text);
    expect(deltas.join("")).toBe(FIRST_TURN);
    expect(deltas.length).toBeGreaterThan(2);
    const usage = await result.usage;
    expect(usage.outputTokens).toBe(7);
    expect(usage.inputTokens).toBeGreaterThan(10);
  });

  it("ends the stream with the abort's reason when stopped", async () => {
    const abort = new AbortController();
    const result = streamText({ model: inPageLanguageModel(generator), prompt: "How many books are there?", abortSignal: abort.signal, onError: () => {} });
    const types: string[] = [];
    for await (const part of result.fullStream) {
      types.push(part.type);
      if (part.type === "text-delta") abort.abort(new Error("stopped"));
    }
    expect(types).toContain("abort");
    expect(types).not.toContain("finish");
  });

  it("turns the prompt into alternating chat turns, native tool calls and results written as text", () => {
    const messages = chatMessages([
      { role: "system", content: "S" },
      { role: "user", content: [{ type: "text", text: "Q" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me look." },
          { type: "tool-call", toolCallId: "1", toolName: "describe_table", input: { table: "books" } },
        ],
      },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "1", toolName: "describe_table", output: { type: "text", value: "books(id, title)" } }] },
      { role: "user", content: [{ type: "text", text: "Go on." }] },
    ]);
    expect(messages).toEqual([
      { role: "system", content: "S" },
      { role: "user", content: "Q" },
      { role: "assistant", content: 'Let me look.\n\nACTION: describe_table {"table":"books"}' },
      { role: "user", content: "Observation:\nbooks(id, title)\n\nGo on." },
    ]);
  });
});

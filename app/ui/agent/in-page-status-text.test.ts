// The in-page model's state in words: what a person reads in Settings and above the trace.
import { describe, expect, it } from "vitest";
import { inPageStatusText } from "./in-page-status-text";

const MODEL = "onnx-community/Qwen2.5-Coder-0.5B-Instruct";

describe("inPageStatusText", () => {
  it("says the download in bytes with the file being fetched", () => {
    expect(inPageStatusText({ state: "loading", progress: 0.25, loaded: 120 * 1024 ** 2, total: 480 * 1024 ** 2, file: "onnx/model_q4f16.onnx" }, MODEL)).toBe(
      `Loading ${MODEL}: 120.0 MB of 480.0 MB (25%), onnx/model_q4f16.onnx.`,
    );
    expect(inPageStatusText({ state: "loading", progress: null, loaded: 0, total: 0, file: "" }, MODEL)).toBe(`Loading ${MODEL}…`);
  });

  it("says what it runs on once ready, and that the browser keeps it", () => {
    expect(inPageStatusText({ state: "ready", modelId: MODEL, device: "webgpu", dtype: "q4f16", loadMs: 41_200 }, MODEL)).toBe(
      `${MODEL} is ready on WebGPU (q4f16 weights, loaded in 41.2 s; kept by the browser for next time).`,
    );
    expect(inPageStatusText({ state: "ready", modelId: MODEL, device: "wasm", dtype: "q4", loadMs: 900 }, MODEL)).toContain("on the CPU (WASM) (q4 weights");
  });

  it("passes a failure's own sentence on", () => {
    expect(inPageStatusText({ state: "failed", message: "The model could not be loaded: a file it needs is missing." }, MODEL)).toBe(
      "The model could not be loaded: a file it needs is missing.",
    );
  });
});

import { describe, expect, it } from "vitest";
import { LOADING_STARTED, loadingStatusAfter } from "./model-worker";

describe("loadingStatusAfter", () => {
  it("moves the bar on overall events and keeps the file named by the last per-file event", () => {
    const named = loadingStatusAfter(LOADING_STARTED, { file: "onnx/model.onnx", loaded: 10, total: 100, progress: 0.1, overall: false });
    expect(named).toEqual({ state: "loading", progress: null, loaded: 0, total: 0, file: "onnx/model.onnx" });
    const moved = loadingStatusAfter(named, { file: "", loaded: 50, total: 200, progress: 0.25, overall: true });
    expect(moved).toEqual({ state: "loading", progress: 0.25, loaded: 50, total: 200, file: "onnx/model.onnx" });
    const next = loadingStatusAfter(moved, { file: "tokenizer.json", loaded: 1, total: 2, progress: 0.5, overall: false });
    expect(next).toEqual({ state: "loading", progress: 0.25, loaded: 50, total: 200, file: "tokenizer.json" });
  });

  it("starts from nothing when the status was not loading (a fresh load after a failure)", () => {
    const status = loadingStatusAfter({ state: "failed" }, { file: "config.json", loaded: 1, total: 1, progress: 1, overall: false });
    expect(status).toEqual({ state: "loading", progress: null, loaded: 0, total: 0, file: "config.json" });
  });
});

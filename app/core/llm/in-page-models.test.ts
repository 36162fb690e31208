// What the page says about the in-page model before and while it runs: can this browser run it, where its files come
// from, and how fast it writes.
import { describe, expect, it } from "vitest";
import { approxDownloadMegabytes, generationSpeedText, inPageModelLocation, inPageSupport, IN_PAGE_MODELS, isHubLocation } from "./in-page-models";

const SMALL = "onnx-community/Qwen2.5-Coder-0.5B-Instruct";
const LARGE = "onnx-community/Qwen2.5-Coder-1.5B-Instruct";

describe("inPageSupport", () => {
  it("runs on WebGPU when the browser has it, whatever the memory", () => {
    expect(inPageSupport({ webGpu: true, deviceMemoryGb: 2 }, LARGE)).toEqual({ ok: true, device: "webgpu", note: null });
  });

  it("falls back to WASM without WebGPU and says it will be slow", () => {
    const support = inPageSupport({ webGpu: false, deviceMemoryGb: 8 }, SMALL);
    expect(support.ok && support.device).toBe("wasm");
    expect(support.ok && support.note).toMatch(/no WebGPU: the model runs on the CPU \(WASM\)/);
    // Firefox and Safari do not report memory: not a reason to refuse.
    expect(inPageSupport({ webGpu: false, deviceMemoryGb: null }, SMALL).ok).toBe(true);
  });

  it("says plainly when there is no WebGPU and too little memory, and what to do", () => {
    const support = inPageSupport({ webGpu: false, deviceMemoryGb: 1 }, SMALL);
    expect(support.ok).toBe(false);
    expect(!support.ok && support.message).toBe(
      `This browser cannot run ${SMALL}: it has no WebGPU, and this device reports 1 GB of memory, too little for a model of about 790 MB on the CPU. ` +
        "Pick a smaller model, open the page in a browser with WebGPU (Chrome or Edge 113 and later), or choose another provider.",
    );
  });

  it("refuses a model past WASM's 4 GB memory without WebGPU, whatever the device reports", () => {
    const support = inPageSupport({ webGpu: false, deviceMemoryGb: null }, LARGE);
    expect(!support.ok && support.message).toMatch(/no WebGPU, and on the CPU \(WASM\) a model of about 1\.8 GB does not fit the 4 GB/);
  });

  it("lets a model of unknown size try (a self-hosted or typed model)", () => {
    expect(inPageSupport({ webGpu: false, deviceMemoryGb: 1 }, "querylab/tiny-chat").ok).toBe(true);
  });
});

describe("the model list", () => {
  it("gives every model a size for each weight format, smaller on WebGPU (q4f16)", () => {
    for (const model of IN_PAGE_MODELS) {
      expect(approxDownloadMegabytes(model.id, "webgpu")).toBeLessThan(approxDownloadMegabytes(model.id, "wasm")!);
    }
    expect(approxDownloadMegabytes("someone/else", "wasm")).toBeNull();
  });
});

describe("inPageModelLocation", () => {
  const page = "https://querylab.example/app/index.html";

  it("reads the hub as a download, a folder of the site as a local path, another site's folder as its host", () => {
    expect(isHubLocation("https://huggingface.co/", page)).toBe(true);
    expect(inPageModelLocation({ model: SMALL, baseUrl: "https://huggingface.co/" }, page)).toEqual({ model: SMALL, allowRemoteModels: true });
    expect(inPageModelLocation({ model: "querylab/tiny-chat", baseUrl: "./models" }, page)).toEqual({
      model: "querylab/tiny-chat",
      localModelPath: "/app/models/",
      allowRemoteModels: false,
    });
    expect(inPageModelLocation({ model: SMALL, baseUrl: "https://cdn.example/llm/" }, page)).toEqual({
      model: SMALL,
      remoteHost: "https://cdn.example/llm/",
      remotePathTemplate: "{model}/",
      allowRemoteModels: true,
    });
  });
});

describe("generationSpeedText", () => {
  it("gives tokens per second with the count, and says when it is slow", () => {
    expect(generationSpeedText({ tokens: 1, elapsedMs: 0 })).toEqual({ text: "1 token", slow: null });
    expect(generationSpeedText({ tokens: 45, elapsedMs: 3000 })).toEqual({ text: "15.0 tokens/s (45 tokens)", slow: null });
    const slow = generationSpeedText({ tokens: 12, elapsedMs: 10_000 });
    expect(slow.text).toBe("1.2 tokens/s (12 tokens)");
    expect(slow.slow).toBe("Generation is slow (1.2 tokens/s): a smaller model, or a browser with WebGPU, would answer sooner.");
    // The first tokens include reading the prompt: too early to judge.
    expect(generationSpeedText({ tokens: 3, elapsedMs: 10_000 }).slow).toBeNull();
  });
});

// The in-page model's state in words, the same in Settings and above the trace: loading (bytes), ready (on what), failed.
import type { InPageModelStatus } from "../../browser/in-page-model-connection";
import { formatBytes } from "../../core/format";

export function inPageStatusText(status: InPageModelStatus, model: string): string {
  switch (status.state) {
    case "idle":
      return `${model} is not loaded yet; it loads with the first question (or press Load model).`;
    case "loading": {
      const bytes = status.total > 0 ? `${formatBytes(status.loaded)} of ${formatBytes(status.total)}` : status.loaded > 0 ? formatBytes(status.loaded) : "";
      const percent = status.progress === null ? "" : ` (${Math.round(status.progress * 100)}%)`;
      return bytes ? `Loading ${model}: ${bytes}${percent}${status.file ? `, ${status.file}` : ""}.` : `Loading ${model}…`;
    }
    case "ready":
      return `${model} is ready on ${status.device === "webgpu" ? "WebGPU" : "the CPU (WASM)"} (${status.dtype} weights, loaded in ${(status.loadMs / 1000).toFixed(1)} s; kept by the browser for next time).`;
    case "failed":
      return status.message;
  }
}

// What both model workers (embedding, in-page chat) need of transformers.js: its env with the app's own onnxruntime
// WASM, and whether WebGPU works here.
// onnxruntime-web's package exports hide dist/, so the file is addressed by path; Vite serves and fingerprints it.
import ortWasmUrl from "../node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.asyncify.wasm?url";

export { webGpuWorks } from "../app/browser/web-gpu";

/**
 * The app serves onnxruntime's WASM itself: transformers.js would otherwise fetch it from cdn.jsdelivr.net. Only the
 * .wasm is given, so onnxruntime uses the glue code bundled into this worker (no dynamic import of a .mjs or blob:
 * URL, which a script-src 'self' policy would refuse). One thread, no proxy worker: threads need cross-origin
 * isolation (SharedArrayBuffer), which a static host cannot promise, and this is already a worker. transformers.js
 * is imported here the same lazy way the core imports it, so both share one module and one chunk.
 */
export async function transformersEnv() {
  const { env } = await import("@huggingface/transformers");
  const wasm = env.backends.onnx.wasm!;
  wasm.wasmPaths = { wasm: new URL(ortWasmUrl, self.location.href).href };
  wasm.numThreads = 1;
  wasm.proxy = false;
  return env;
}

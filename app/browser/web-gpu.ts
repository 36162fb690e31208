// Whether WebGPU works here: the page (to say what the in-page model will run on) and the model workers ask the same way.

/** True when the browser has WebGPU with an adapter (navigator.gpu alone can exist without one). */
export async function webGpuWorks(): Promise<boolean> {
  const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  if (!gpu) return false;
  try {
    return (await gpu.requestAdapter()) !== null;
  } catch {
    return false;
  }
}

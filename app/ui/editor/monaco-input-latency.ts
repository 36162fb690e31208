// Monaco's input-latency sampling, switched off. Every key Monaco sees leaves User Timing marks behind (three for a key
// that types nothing: a modifier, Ctrl+Enter's Ctrl, an arrow) that are cleared only once a typed character's sample
// completes, so a session of shortcuts grows the page's performance timeline without end, and each completed sample then
// scans all of it (performance.getEntriesByName: ~5 ms per 30,000 entries). The samples feed VS Code's telemetry; the
// standalone editor never reads them (issue #14).
import { inputLatency } from "monaco-editor/base/browser/performance";

const doNothing = () => undefined;

/** Replaces the recorder's entry points (Monaco calls them through this object, so the change reaches every editor). */
export function stopInputLatencySampling(): void {
  inputLatency.onKeyDown = doNothing;
  inputLatency.onBeforeInput = doNothing;
  inputLatency.onInput = doNothing;
  inputLatency.onKeyUp = doNothing;
  inputLatency.onSelectionChange = doNothing;
  inputLatency.onRenderStart = doNothing;
}

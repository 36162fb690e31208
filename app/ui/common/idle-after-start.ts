// "Once the first database is open and the page is idle": when the page fetches what the first screen does not need
// but the next action will (the results grid), so it does not compete with the first visit's sample download, the WASM
// compile and the schema's first render; and "once the start's downloads are over too", for what fetches much and is
// needed by no action soon (the service worker's precache of the whole site).
import { useEffect, useState } from "react";
import { isReadOnDemandUntilWhole, useDatabaseStore } from "../../state/database-store";
import { codeEditorLoadEnded } from "../editor/code-editor-load";

/** Longest wait for an idle moment once the database is open: a busy page still gets there. */
const IDLE_TIMEOUT_MS = 5_000;

/** False until the database store has left "starting" and the browser then had an idle moment (or the timeout passed). */
export function useIdleAfterStart(): boolean {
  const started = useDatabaseStore((state) => state.status !== "starting");
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!started) return;
    // Safari has no requestIdleCallback: a short timer stands in, after the first paint like an idle moment would be.
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }, [started]);
  return idle;
}

/**
 * Longest wait, once idle after the start, for the start's own downloads to end before what waits for them goes ahead
 * anyway: a download that stalls (or a code editor that never loads) does not hold it back for good.
 */
const START_DOWNLOADS_TIMEOUT_MS = 30_000;

/**
 * useIdleAfterStart, and then the start's own downloads over: the code editor loaded (or failed to) and the first
 * database no longer being downloaded whole behind the pages read on demand. For the service worker's install, which
 * fetches the whole site for its precache (~3.4 MB as the host sends it): started at the first idle moment, it shared
 * a 10 Mbit/s line with Monaco's ~1 MB and the sample's download. Waiting for them, the code editor appeared 2,164 →
 * 1,916 ms after ready and the sample was held whole 2,196 → 1,933 ms after it (production builds, 7 paired cold
 * loads at 10 Mbit/s and 40 ms round trips).
 */
export function useIdleAfterStartDownloads(): boolean {
  const idle = useIdleAfterStart();
  const downloadingWhole = useDatabaseStore((state) => isReadOnDemandUntilWhole(state.current?.saveState));
  const [editorLoadEnded, setEditorLoadEnded] = useState(false);
  const [waitedLongEnough, setWaitedLongEnough] = useState(false);
  useEffect(() => {
    let mounted = true;
    void codeEditorLoadEnded().then(() => mounted && setEditorLoadEnded(true));
    return () => {
      mounted = false;
    };
  }, []);
  useEffect(() => {
    if (!idle) return;
    const timer = setTimeout(() => setWaitedLongEnough(true), START_DOWNLOADS_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [idle]);
  return idle && ((editorLoadEnded && !downloadingWhole) || waitedLongEnough);
}

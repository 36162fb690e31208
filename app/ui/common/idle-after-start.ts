// "Once the first database is open and the page is idle": when the page fetches what the first screen does not need
// but the next action will (the results grid, the service worker), so it does not compete with the first visit's
// sample download, the WASM compile and the schema's first render.
import { useEffect, useState } from "react";
import { useDatabaseStore } from "../../state/database-store";

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

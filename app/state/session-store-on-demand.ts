// The shared-session store (session-store.ts) loads with its first use: a session opened from the address or a file,
// or Share on a finished trace (whose component loads it with the trace, agent/trace-body.tsx). Most visits open
// none, so its code is no part of the first visit's download (issue #14).
import type { useSessionStore } from "./session-store";
import { useAgentStore } from "./agent-store";
import { errorMessage } from "../core/error-message";

type SessionActions = ReturnType<typeof useSessionStore.getState>;

/** Runs `act` with the session store once its code is here; a failed fetch of it says so above the trace. */
export async function withSessionStore(act: (store: SessionActions) => Promise<void>): Promise<void> {
  let store: SessionActions;
  try {
    store = (await import("./session-store")).useSessionStore.getState();
  } catch (error) {
    useAgentStore.setState({ notice: `The session could not be opened: ${errorMessage(error)}. Reload the page to try again.` });
    return;
  }
  await act(store);
}

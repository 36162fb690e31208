// What Escape stops on the page: the query that runs and the agent's question that runs. One place for the window's
// Escape (app.tsx) and the editor's, which must take the key before Monaco's own Escape does (monaco-sql-editor.tsx).
import { useAgentStore } from "../../state/agent-store";
import { useQueryStore } from "../../state/query-store";

export function isWorkRunning(): boolean {
  return useQueryStore.getState().running !== null || useAgentStore.getState().running;
}

export function stopRunningWork(): void {
  if (useQueryStore.getState().running) void useQueryStore.getState().stop();
  if (useAgentStore.getState().running) useAgentStore.getState().stop();
}

/** Calls `listener` with isWorkRunning() whenever it may have changed; returns the unsubscribe. */
export function onWorkRunningChange(listener: (running: boolean) => void): () => void {
  const notify = () => listener(isWorkRunning());
  const unsubscribeQuery = useQueryStore.subscribe((state, previous) => {
    if ((state.running === null) !== (previous.running === null)) notify();
  });
  const unsubscribeAgent = useAgentStore.subscribe((state, previous) => {
    if (state.running !== previous.running) notify();
  });
  return () => {
    unsubscribeQuery();
    unsubscribeAgent();
  };
}

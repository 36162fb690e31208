// What a person does with threads: start a new one, open one from History (or one of its questions), delete, export
// and import one whole. The thread on screen lives in the agent store, beside the trace it shows.
import { threadFileText, type Thread } from "../core/agent/thread";
import type { Trace } from "../core/agent/trace";
import { downloadBytes } from "../browser/download";
import { queryLabStorage } from "../browser/services";
import { useAgentStore } from "./agent-store";
import { useDatabaseStore } from "./database-store";

const storage = () => queryLabStorage();

/** One click: the next question starts from nothing. */
export function startNewThread(): void {
  if (useAgentStore.getState().running) return;
  void useAgentStore.getState().showThread(null);
}

export async function openThread(id: string): Promise<void> {
  if (useAgentStore.getState().running) return;
  const thread = await storage()
    .loadThread(id)
    .catch(() => null);
  if (!thread) {
    useAgentStore.setState({ notice: "That thread is no longer stored." });
    return;
  }
  await useAgentStore.getState().showThread(thread);
}

export async function deleteThread(id: string): Promise<void> {
  const threads = await storage().removeThread(id);
  useAgentStore.setState({ threads });
  if (useAgentStore.getState().thread?.id === id) await useAgentStore.getState().showThread(null);
}

/** The thread and every trace of it still kept, in one file; a trace no longer kept is left out and the notice says so. */
export async function exportThread(thread: Thread): Promise<void> {
  const loaded = await Promise.all(
    thread.questions.map((question) =>
      storage()
        .loadTrace(question.traceId)
        .catch(() => null),
    ),
  );
  const traces = loaded.filter((trace): trace is Trace => trace !== null);
  downloadBytes(threadFileText(thread, traces), `querylab-thread-${thread.id}.json`, "application/json");
  const missing = thread.questions.length - traces.length;
  if (missing > 0) {
    useAgentStore.setState({
      notice: `${missing} of the thread's traces are no longer kept in this browser; the file has the others and every question's SQL.`,
    });
  }
}

export async function importThread(file: File): Promise<void> {
  const { importThreadFile } = await import("./thread-import");
  const outcome = await importThreadFile(file, {
    listThreads: () => storage().listThreads(),
    loadThread: (id) => storage().loadThread(id),
    saveThread: (thread) => storage().saveThread(thread),
    listTraces: () => storage().listTraces(),
    saveTrace: (trace) => storage().saveTrace(trace),
    currentDatabase: () => useDatabaseStore.getState().current,
    newId: (prefix) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  });
  if (outcome.kind === "refused") {
    useAgentStore.setState({ notice: outcome.message });
    return;
  }
  useAgentStore.setState({
    ...(outcome.threads ? { threads: outcome.threads } : {}),
    ...(outcome.history ? { history: outcome.history } : {}),
  });
  // A live run publishes over the screen: the imported thread is kept in History and opened only when idle.
  if (!useAgentStore.getState().running) await useAgentStore.getState().showThread(outcome.thread);
  useAgentStore.setState({ notice: outcome.notice });
}

// The agent trace beside the workspace: the model, what is shared with it, the thread, and the trace itself (trace-body.tsx:
// one card per turn, the answer, totals, replay), with History.
import { FilePickerButton } from "../common/file-picker-button";
import { LazyDetails } from "../common/lazy-details";
import { useEffect, useState } from "react";
import { presetOf } from "../../core/llm/provider-presets";
import { useAgentStore } from "../../state/agent-store";
import { useSettingsStore } from "../../state/settings-store";
import { onDemand } from "../common/on-demand";
import { useIdleAfterStart } from "../common/idle-after-start";
import { DataSharingChoice } from "./data-sharing-choice";
import { ThreadHistory, ThreadList } from "./thread-list";
import { DuplicateTraceDialog } from "./duplicate-trace-dialog";

// The trace's cards, answer, forks, replay and sharing (trace-body.tsx) are fetched once the page is idle after the
// start, so they are there for the first question without being part of the first visit's download (issue #14).
const loadTraceBody = () => import("./trace-body");
const TraceBody = onDemand(() => loadTraceBody().then((module) => module.default), {
  part: "the trace",
  advice: "It is kept in History: reload the page to see it.",
  loading: <p className="muted">Loading the trace…</p>,
});
// The in-page model's status (and its store and worker connection) only when that model is chosen in Settings.
const InPageModelStatus = onDemand(() => import("./in-page-model-status").then((module) => module.InPageModelStatus), { part: "the in-page model's status" });

function TraceHistory() {
  const history = useAgentStore((state) => state.history);
  const running = useAgentStore((state) => state.running);
  const { openTrace, deleteTrace, importTrace } = useAgentStore.getState();
  return (
    <LazyDetails
      className="trace-history"
      summary={`History (${history.length})`}
      whileOpen={() => (
        <ul aria-label="Past runs">
          {history.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="link-button" disabled={running} onClick={() => void openTrace(entry.id)}>
                {entry.question}
              </button>
              <span className="muted">
                {" "}
                {entry.databaseName} · {entry.model} · {entry.status} · {new Date(entry.createdAt).toLocaleString()}
              </span>
              <button type="button" aria-label={`Delete trace: ${entry.question}`} onClick={() => void deleteTrace(entry.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    >
      <FilePickerButton inputLabel="Trace file" accept=".json,application/json" onFiles={([file]) => void importTrace(file)}>
        Import trace
      </FilePickerButton>
    </LazyDetails>
  );
}

export function AgentPanel() {
  const trace = useAgentStore((state) => state.trace);
  const notice = useAgentStore((state) => state.notice);
  const llm = useSettingsStore((state) => state.llm);
  const idle = useIdleAfterStart();
  useEffect(() => {
    if (idle) void loadTraceBody().catch(() => undefined);
  }, [idle]);
  const [host] = useState(() => (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return url || "no endpoint";
    }
  });

  return (
    <aside className="agent-panel" aria-label="Agent trace">
      <header className="agent-header">
        <span>
          <strong>{llm.model || "No model"}</strong> <span className="muted">at {host(llm.baseUrl)}</span>
        </span>
        <button type="button" onClick={() => useSettingsStore.getState().setOpen(true)}>
          Settings
        </button>
      </header>
      {/* The in-page model's Base URL is where its files come from; what the agent shares goes to the model in this page. */}
      <DataSharingChoice host={presetOf(llm).kind === "in-page" ? "the model in this page" : host(llm.baseUrl)} />
      {presetOf(llm).kind === "in-page" && <InPageModelStatus />}
      {notice && (
        <p className="notice error" role="alert">
          {notice}
        </p>
      )}
      <ThreadList />
      {!trace && <p className="muted">Ask a question above; each turn of the agent appears here as it happens.</p>}
      {trace && <TraceBody trace={trace} />}
      <TraceHistory />
      <ThreadHistory />
      {/* Outside History: a closed <details> would hide the question. */}
      <DuplicateTraceDialog />
    </aside>
  );
}

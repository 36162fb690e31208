// The thread on screen (its questions, each opening to its trace; what the next question is told, with its tokens;
// New thread, Export) and the threads kept in History (open, delete, import).
import { useMemo } from "react";
import "./thread-list.css";
import { THREAD_CONTEXT_TOKENS, threadContext } from "../../core/agent/thread-context";
import type { ThreadQuestion } from "../../core/agent/thread";
import { formatCount } from "../../core/format";
import { formatCostTotals, sumUsages } from "../../core/agent/trace-cost";
import { useAgentStore } from "../../state/agent-store";
import { useDatabaseStore } from "../../state/database-store";
import { useSettingsStore } from "../../state/settings-store";
import { deleteThread, exportThread, importThread, openThread, startNewThread } from "../../state/thread-actions";
import { FilePickerButton } from "../common/file-picker-button";
import { LazyDetails } from "../common/lazy-details";

function outcome(question: ThreadQuestion): string {
  if (question.status === "running") return "running…";
  if (question.sql === null) return `no answer (${question.status})`;
  if (!question.result) return "answered";
  return `${formatCount(question.result.rowCount)} ${question.result.rowCount === 1 ? "row" : "rows"}`;
}

export function ThreadList() {
  const thread = useAgentStore((state) => state.thread);
  const trace = useAgentStore((state) => state.trace);
  const running = useAgentStore((state) => state.running);
  const sharing = useSettingsStore((state) => state.sharing);
  const databaseId = useDatabaseStore((state) => state.current?.id);
  const { openTrace } = useAgentStore.getState();
  const finished = useMemo(() => thread?.questions.filter((question) => question.status !== "running") ?? [], [thread]);
  // What the next question would be told, at this moment's sharing level (nothing is computed before a choice).
  const context = useMemo(() => (sharing ? threadContext(finished, { sharing }) : null), [finished, sharing]);
  const prices = useSettingsStore((state) => state.llm.prices);
  // The thread's tokens and, where its models have a price, its cost; questions kept before costs were recorded have no usage.
  const cost = useMemo(() => {
    const priced = (thread?.questions ?? []).flatMap(({ usage, model, baseUrl }) => (usage ? [{ usage, model: model ?? "", baseUrl: baseUrl ?? "" }] : []));
    const totals = sumUsages(priced, prices);
    return { tokens: totals.inputTokens + totals.outputTokens, money: formatCostTotals(totals) };
  }, [thread, prices]);
  if (!thread || thread.questions.length === 0) return null;
  const elsewhere = thread.databaseId !== databaseId;

  return (
    <section className="thread" aria-label="Thread">
      <header className="thread-header">
        <h2>
          Thread · {thread.questions.length} {thread.questions.length === 1 ? "question" : "questions"}
        </h2>
        <span className="muted" aria-label="Thread cost">
          {formatCount(cost.tokens)} tokens{cost.money ? ` · ${cost.money}` : ""}
        </span>
        <button type="button" onClick={startNewThread} disabled={running}>
          New thread
        </button>
        <button type="button" onClick={() => void exportThread(thread)} disabled={running}>
          Export thread
        </button>
      </header>
      <ol className="thread-questions" aria-label="Thread questions">
        {thread.questions.map((question, index) => (
          <li key={question.traceId}>
            <button
              type="button"
              className="link-button"
              aria-current={trace?.id === question.traceId ? "true" : undefined}
              disabled={running}
              onClick={() => void openTrace(question.traceId)}
            >
              Q{index + 1}: {question.question}
            </button>
            <span className="muted">
              {" "}
              {outcome(question)}
              {question.contextTokens > 0 ? ` · asked with ≈${formatCount(question.contextTokens)} tokens of earlier context` : ""}
            </span>
          </li>
        ))}
      </ol>
      {elsewhere ? (
        <p className="muted">This thread was asked on {thread.databaseName}, not the open database: a question here starts a new thread.</p>
      ) : (
        context && (
          <details className="thread-context">
            <summary aria-label="Context for the next question">
              The next question is sent with what these concluded: ≈{formatCount(context.tokens)} tokens (at most {formatCount(THREAD_CONTEXT_TOKENS)}
              {context.left > 0 ? `; the oldest ${context.left} left out` : ""})
            </summary>
            <pre>{context.text}</pre>
          </details>
        )
      )}
    </section>
  );
}

export function ThreadHistory() {
  const threads = useAgentStore((state) => state.threads);
  const running = useAgentStore((state) => state.running);
  return (
    <LazyDetails
      className="thread-history"
      summary={`Threads (${threads.length})`}
      whileOpen={() => (
        <ul aria-label="Past threads">
          {threads.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="link-button" disabled={running} onClick={() => void openThread(entry.id)}>
                {entry.firstQuestion || "(no question)"}
              </button>
              <span className="muted">
                {" "}
                {entry.databaseName} · {entry.questionCount} {entry.questionCount === 1 ? "question" : "questions"} ·{" "}
                {new Date(entry.updatedAt).toLocaleString()}
              </span>
              <button type="button" aria-label={`Delete thread: ${entry.firstQuestion}`} disabled={running} onClick={() => void deleteThread(entry.id)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    >
      <FilePickerButton inputLabel="Thread file" accept=".json,application/json" onFiles={([file]) => void importThread(file)}>
        Import thread
      </FilePickerButton>
    </LazyDetails>
  );
}

// The Diagnose view: the query's clause stages with their row counts (the first stage without rows marked) and
// EXPLAIN QUERY PLAN drawn as a tree beside them.
import { queryPlanTree, type QueryPlanNode } from "../../core/db/query-plan-tree";
import type { DiagnosisStage } from "../../core/db/sql-diagnosis";
import { formatCount, formatDuration } from "../../core/format";
import { useDiagnosisStore } from "../../state/diagnosis-store";
import { useEditorStore } from "../../state/editor-store";

function rowsLabel(rows: number): string {
  return `${formatCount(rows)} ${rows === 1 ? "row" : "rows"}`;
}

function StageItem({ stage, index, firstEmpty }: { stage: DiagnosisStage; index: number; firstEmpty: boolean }) {
  const label = `Stage ${index + 1}: ${stage.part === "query" ? "" : `${stage.part}, `}${stage.clause}`;
  return (
    <li className={firstEmpty ? "diagnosis-stage first-empty" : "diagnosis-stage"} aria-label={label}>
      <div className="diagnosis-stage-line">
        <span className="diagnosis-clause">
          {stage.part !== "query" && <span className="tag">{stage.part}</span>} <code>{stage.clause}</code>
        </span>
        <span className="diagnosis-rows">{stage.rows === null ? "error" : rowsLabel(stage.rows)}</span>
      </div>
      {/* Not by colour alone: the mark is words and a sign, read by screen readers too. */}
      {firstEmpty && (
        <p className="diagnosis-mark">
          <span aria-hidden="true">⚠ </span>Rows drop to zero here
        </p>
      )}
      {stage.error && <p className="inline-message">{stage.error}</p>}
      <details>
        <summary>Stage SQL</summary>
        <pre>{stage.sql}</pre>
        <button type="button" className="link-button" onClick={() => useEditorStore.getState().setText(stage.sql)}>
          Open stage {index + 1} in the editor
        </button>
      </details>
    </li>
  );
}

function PlanNodes({ nodes, label }: { nodes: QueryPlanNode[]; label?: string }) {
  return (
    <ul className="plan-tree" aria-label={label}>
      {nodes.map((node) => (
        <li key={node.id}>
          <span className="plan-detail">{node.detail}</span>
          {node.children.length > 0 && <PlanNodes nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}

export function DiagnosisPanel() {
  const status = useDiagnosisStore((state) => state.status);
  const diagnosis = useDiagnosisStore((state) => state.diagnosis);
  const error = useDiagnosisStore((state) => state.error);
  const close = useDiagnosisStore((state) => state.close);
  if (status === "idle") return null;

  const firstEmpty = diagnosis?.firstEmptyStage ?? null;
  const summary =
    status === "running"
      ? "Running each stage…"
      : diagnosis
        ? `${diagnosis.stages.length} stages, ${formatDuration(diagnosis.elapsedMs)}${
            firstEmpty === null ? " · every stage returns rows" : ` · rows drop to zero at stage ${firstEmpty + 1}: ${diagnosis.stages[firstEmpty]!.clause}`
          }`
        : "";
  return (
    <section className="diagnosis-panel" aria-label="Diagnosis">
      <div className="toolbar">
        <h2>Diagnosis</h2>
        <span role="status" className="results-summary">
          {summary}
        </span>
        <span className="spacer" />
        <button type="button" onClick={close}>
          Close diagnosis
        </button>
      </div>
      {error && (
        <p role="alert" className="query-error">
          Cannot diagnose: {error}
        </p>
      )}
      {diagnosis && (
        <div className="diagnosis-columns">
          <ol className="diagnosis-stages" aria-label="Clause stages">
            {diagnosis.stages.map((stage, index) => (
              <StageItem key={index} stage={stage} index={index} firstEmpty={index === firstEmpty} />
            ))}
          </ol>
          <div className="diagnosis-plan">
            <h3>Query plan</h3>
            {diagnosis.planError ? (
              <p className="muted">Not available: {diagnosis.planError}</p>
            ) : (
              <PlanNodes nodes={queryPlanTree(diagnosis.plan)} label="Query plan" />
            )}
          </div>
        </div>
      )}
    </section>
  );
}

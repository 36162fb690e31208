// One turn of the agent as a card: its thought, each action with its observation, the tokens and time, the raw exchange.
import { memo } from "react";
import type { AgentEventOf } from "../../core/agent/events";
import type { TurnView } from "../../core/agent/trace";
import { formatCount, formatDuration } from "../../core/format";
import { costUsd, formatUsd, type ModelPrice } from "../../core/llm/model-prices";
import { SqlHighlight } from "../common/sql-highlight";
import { DiagnoseButton } from "../editor/diagnose-button";
import { SmallResult } from "./small-result";
import { ForkFromCall } from "./fork-controls";

function actionSummary(action: TurnView["actions"][number]): string {
  const input = action.call.input as Record<string, unknown> | null;
  const argument =
    action.call.tool === "describe_table"
      ? String(input?.table ?? "")
      : action.call.tool === "sample_values"
        ? `${String(input?.table ?? "")}.${String(input?.column ?? "")}${input?.like ? ` LIKE ${String(input.like)}` : ""}`
        : action.call.tool === "search_schema"
          ? `“${String(input?.terms ?? "")}”`
          : "";
  const observation = action.observation;
  const outcome = !observation
    ? "…"
    : !observation.ok
      ? `error: ${observation.text.replace(/^Error:\s*/, "").slice(0, 60)}`
      : observation.result
        ? `${formatCount(observation.result.rowCount)} ${observation.result.rowCount === 1 ? "row" : "rows"}`
        : "✓";
  const who = action.call.by === "agent" ? " (taken by QueryLab)" : action.call.by === "person" ? " (changed in this fork)" : "";
  return `${action.call.tool}${who}${argument ? ` ${argument}` : ""} · ${outcome}`;
}

function sqlOf(call: AgentEventOf<"tool-call">): string | null {
  const input = call.input as { sql?: unknown } | null;
  return typeof input?.sql === "string" ? input.sql : null;
}

/**
 * Memoized: a live run keeps the turns it did not touch as they were, so only the turn being written re-renders.
 * `price` is the trace's model's price (useModelPrice); without one the turn shows tokens only.
 */
export const TurnCard = memo(function TurnCard({
  turn,
  live,
  price = null,
  forkable = false,
}: {
  turn: TurnView;
  live: boolean;
  price?: ModelPrice | null;
  /** Its queries offer "Fork from here" (the run on screen; not a voting candidate's turns). */
  forkable?: boolean;
}) {
  const cost = turn.end && price ? ` · ${formatUsd(costUsd(turn.end.usage, price))}` : "";
  const tokens = turn.end
    ? `${formatCount(turn.end.usage.inputTokens)} in · ${formatCount(turn.end.usage.outputTokens)} out${cost} · ${formatDuration(turn.end.latencyMs)}`
    : live
      ? "thinking…"
      : "";
  const failed = turn.actions.some((action) => action.observation && !action.observation.ok);
  return (
    <li className={`turn-card ${failed ? "failed" : ""}`} aria-label={`Turn ${turn.turn}`}>
      <details open={live || failed}>
        <summary>
          <span className="turn-number">Turn {turn.turn}</span>
          <span className="turn-summary">
            {turn.actions.length > 0 ? turn.actions.map(actionSummary).join("; ") : turn.text ? "thought" : "waiting for the model…"}
          </span>
          <span className="turn-meta">{tokens}</span>
        </summary>
        {turn.protocolSwitch && <p className="turn-note">{turn.protocolSwitch.reason} Switched to the plain-text protocol.</p>}
        {turn.retries.map((retry) => (
          <p key={retry.attempt} className="turn-note" role="status">
            {retry.reason} Retrying in {formatDuration(retry.delayMs)} (attempt {retry.attempt + 1}).
          </p>
        ))}
        {turn.text && <p className="thought">{turn.text}</p>}
        {turn.actions.map((action) => {
          const sql = sqlOf(action.call);
          return (
            <div key={action.call.toolCallId} className="action">
              <div className="action-call">
                <span className="tool-name">{action.call.tool}</span>
                {action.call.by === "agent" && <span className="turn-note"> taken by QueryLab, not called by the model</span>}
                {action.call.by === "person" && <span className="turn-note"> changed by you: the fork starts here</span>}
                {sql ? (
                  <>
                    <pre>
                      <SqlHighlight sql={sql} />
                    </pre>
                    <DiagnoseButton sql={sql} label={`Diagnose the query of turn ${turn.turn}`} />
                    {forkable && !live && <ForkFromCall call={action.call} />}
                  </>
                ) : (
                  <code className="tool-input">{JSON.stringify(action.call.input)}</code>
                )}
              </div>
              {action.observation && (
                <div className={`observation ${action.observation.ok ? "" : "error"}`} aria-label={`Observation of ${action.call.tool}`}>
                  {/* The loop's own call explains itself; the model's calls show the rows or the text it read. */}
                  {action.call.by === "agent" && (
                    <p className="turn-note" role="status">
                      {action.observation.text}
                    </p>
                  )}
                  {action.observation.result ? (
                    <SmallResult result={action.observation.result} />
                  ) : (
                    action.call.by !== "agent" && <pre>{action.observation.text}</pre>
                  )}
                </div>
              )}
            </div>
          );
        })}
        {turn.end && turn.end.raw.length > 0 && (
          <details className="raw">
            <summary>Raw request and response</summary>
            {turn.end.raw.map((exchange, index) => (
              <div key={index}>
                <h4>Request</h4>
                <pre>{exchange.request}</pre>
                <h4>Response</h4>
                <pre>{exchange.response}</pre>
              </div>
            ))}
          </details>
        )}
      </details>
    </li>
  );
});

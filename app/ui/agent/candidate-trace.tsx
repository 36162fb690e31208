// A voting run in the trace: the vote (each group of candidates that returned the same rows, with its SQL, row count and
// size, the winner marked) and every candidate's own turns, each collapsible.
import "./candidate-trace.css";
import { useMemo } from "react";
import { candidateViews, groupOfCandidate } from "../../core/agent/candidate-view";
import type { AgentEvent, AgentEventOf } from "../../core/agent/events";
import { formatCount, formatCountOf } from "../../core/format";
import type { ModelPrice } from "../../core/llm/model-prices";
import { SqlHighlight } from "../common/sql-highlight";
import { TurnCard } from "./turn-card";

function VoteGroups({ vote }: { vote: AgentEventOf<"vote"> }) {
  return (
    <section className="vote" aria-label="Vote">
      <h3>
        Vote of {vote.candidates} candidates at temperature {vote.temperature}
      </h3>
      <p className="muted">Winner: {vote.rule}</p>
      <ol className="vote-groups">
        {vote.groups.map((group, index) => (
          <li
            key={group.candidates.join(",")}
            className={index === vote.winner ? "vote-group winner" : "vote-group"}
            aria-label={`Group ${index + 1}${index === vote.winner ? " (winner)" : ""}`}
          >
            <p className="vote-group-head">
              {index === vote.winner && <strong className="winner-mark">Winner · </strong>}
              {formatCountOf(group.candidates.length, "candidate")} ({group.candidates.map((candidate) => `#${candidate}`).join(", ")}) ·{" "}
              {formatCountOf(group.rowCount, "row")} · {group.columns.join(", ")}
            </p>
            {group.queries.map((query) => (
              <div key={query.sql} className="vote-query">
                <span className="muted">{query.count}×</span>
                <pre>
                  <SqlHighlight sql={query.sql} />
                </pre>
              </div>
            ))}
          </li>
        ))}
      </ol>
      {vote.unanswered.length > 0 && (
        <ul className="vote-unanswered" aria-label="Candidates without an answer">
          {vote.unanswered.map(({ candidate, reason }) => (
            <li key={candidate}>
              #{candidate}: no answer ({reason})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Nothing for a single run; for a voting run, the vote once it is taken and each candidate's turns (live while running). */
export function CandidateTrace({ events, running, price }: { events: readonly AgentEvent[]; running: boolean; price: ModelPrice | null }) {
  const { candidates, vote } = useMemo(() => candidateViews(events), [events]);
  if (candidates.length === 0) return null;
  const finished = candidates.filter(({ view }) => view.end).length;
  return (
    <div className="candidate-trace">
      {vote ? (
        <VoteGroups vote={vote} />
      ) : (
        <p className="turn-note" role="status">
          {running ? `Candidates: ${finished} of ${candidates.length} finished…` : "The candidates did not finish: no vote was taken."}
        </p>
      )}
      <ol className="candidates" aria-label="Candidates">
        {candidates.map(({ candidate, view }) => {
          const group = vote ? groupOfCandidate(vote, candidate) : null;
          const lastTurn = view.turns.at(-1)?.turn;
          const place = !vote ? "" : group === null ? " · no answer" : group === vote.winner ? " · winner's group" : ` · group ${group + 1}`;
          const usage = `${formatCount(view.usage.inputTokens + view.usage.outputTokens)} tokens`;
          return (
            <li key={candidate} aria-label={`Candidate ${candidate}`}>
              <details>
                <summary>
                  Candidate {candidate} · {view.end ? `${view.end.status}, ${formatCountOf(view.end.turns, "turn")}` : "running"} · {usage}
                  {place}
                </summary>
                <ol className="turns">
                  {view.turns.map((turn) => (
                    <TurnCard key={turn.turn} turn={turn} live={running && !view.end && turn.turn === lastTurn} price={price} />
                  ))}
                </ol>
                {view.final && (
                  <pre aria-label={`Final SQL of candidate ${candidate}`}>
                    <SqlHighlight sql={view.final.sql} />
                  </pre>
                )}
                {view.error && <p className="turn-note">{view.error.message}</p>}
              </details>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

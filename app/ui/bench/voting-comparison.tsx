// Accuracy with and without candidate voting, side by side, over the same questions of the run: the vote's answer
// against candidate 1's own answer from the same run (no extra cost, same temperature, so the difference is the vote's).
import { votingComparison } from "../../core/eval/voting-comparison";
import type { RunResult } from "../../state/benchmark-store";

const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}% (${part}/${whole})`;

export function VotingComparison({ results }: { results: RunResult[] }) {
  const rows = votingComparison(results);
  if (rows.length === 0) return null;
  return (
    <table className="breakdown" aria-label="Accuracy with and without voting">
      <caption>With and without voting, same questions (without: candidate 1 of the same run, alone)</caption>
      <thead>
        <tr>
          <th scope="col">Model</th>
          <th scope="col">With voting</th>
          <th scope="col">Without (candidate 1)</th>
          <th scope="col">Fixed / broken by the vote</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.model}>
            <th scope="row">
              {row.model} <span className="muted">({row.candidates.join(", ")} candidates)</span>
            </th>
            <td>{percent(row.withVoting, row.questions)}</td>
            <td>{percent(row.withoutVoting, row.questions)}</td>
            <td>
              +{row.fixed} / −{row.broken}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// With several models on the same questions: which model got which question right, side by side.
import type { RunResult } from "../../state/benchmark-store";

export function ModelComparison({ results, models }: { results: RunResult[]; models: string[] }) {
  const indexes = [...new Set(results.map((result) => result.index))].sort((a, b) => a - b);
  const byKey = new Map(results.map((result) => [`${result.model}\n${result.index}`, result]));
  const onlyOne = models.map(
    (model) =>
      indexes.filter((index) => byKey.get(`${model}\n${index}`)?.match && models.every((other) => other === model || !byKey.get(`${other}\n${index}`)?.match))
        .length,
  );
  return (
    <div className="model-comparison">
      <p>
        {models.map((model, position) => (
          <span key={model}>
            {position > 0 && " · "}
            {model}: {onlyOne[position]} only it answered
          </span>
        ))}
      </p>
      <div className="bench-table-wrap">
        <table aria-label="Models side by side">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Question</th>
              {models.map((model) => (
                <th key={model} scope="col">
                  {model}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {indexes.map((index) => (
              <tr key={index}>
                <td>{index + 1}</td>
                <td>{results.find((result) => result.index === index)?.question}</td>
                {models.map((model) => {
                  const result = byKey.get(`${model}\n${index}`);
                  return <td key={model}>{result ? (result.match ? "✓" : "✗") : "–"}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

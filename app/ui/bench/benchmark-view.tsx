// The Benchmark view: load a benchmark, choose questions and models, run with live accuracy, read and export results.
import { FilePickerButton } from "../common/file-picker-button";
import { Fragment, useEffect, useMemo, useState } from "react";
import { formatCount, formatCountOf, formatDuration } from "../../core/format";
import { useBenchmarkStore, type RunResult } from "../../state/benchmark-store";
import { useSettingsStore } from "../../state/settings-store";
import { SqlHighlight } from "../common/sql-highlight";
import { BenchCharts } from "./bench-charts";
import { BenchCosts } from "./bench-costs";
import { VotingComparison } from "./voting-comparison";
import { ModelComparison } from "./model-comparison";
import { ResultDetails } from "./result-details";
import { emptyFilterReason, matchesResultFilter } from "./result-filter";
import { reopenAdvice } from "../../state/benchmark-reopen";
import { sortedDifficulties } from "../../core/eval/difficulty-labels";
import { semanticsMeaning } from "./semantics-meaning";
import "./benchmark-view.css";

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url || "no Base URL";
  }
}

type SortKey = "index" | "model" | "db_id" | "difficulty" | "match" | "turns" | "tokens" | "latencyMs";

function accuracyText(results: RunResult[]): string {
  if (results.length === 0) return "–";
  const matches = results.filter((result) => result.match).length;
  return `${((matches / results.length) * 100).toFixed(1)}% (${matches}/${results.length})`;
}

function Breakdown({ results, by, label }: { results: RunResult[]; by: (result: RunResult) => string; label: string }) {
  const groups = new Map<string, RunResult[]>();
  for (const result of results) groups.set(by(result), [...(groups.get(by(result)) ?? []), result]);
  if (groups.size === 0) return null;
  return (
    <table className="breakdown" aria-label={`Accuracy by ${label}`}>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col">Accuracy</th>
          <th scope="col" aria-hidden="true" />
        </tr>
      </thead>
      <tbody>
        {[...groups.entries()]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, group]) => {
            const share = group.filter((result) => result.match).length / group.length;
            return (
              <tr key={key}>
                <th scope="row">{key}</th>
                <td>{accuracyText(group)}</td>
                <td aria-hidden="true">
                  <span className="bar" style={{ width: `${Math.round(share * 120)}px` }} />
                </td>
              </tr>
            );
          })}
      </tbody>
    </table>
  );
}

export function BenchmarkView() {
  const state = useBenchmarkStore();
  const defaultModel = useSettingsStore((settings) => settings.llm.model.trim());
  const defaultEndpoint = useSettingsStore((settings) => settings.llm.baseUrl);
  const [modelsText, setModelsText] = useState("");
  const [query, setQuery] = useState("");
  const [onlyMisses, setOnlyMisses] = useState(false);
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean }>({ key: "index", descending: false });
  const [opened, setOpened] = useState<string | null>(null);

  // Once, when the view first opens: what was open before a reload comes back (or is named, when the person must choose it).
  useEffect(() => {
    const { sourceName, reopen, restore } = useBenchmarkStore.getState();
    if (!sourceName && !reopen) void restore();
  }, []);

  const databases = useMemo(() => [...new Set(state.questions.map((question) => question.dbId))].sort(), [state.questions]);
  const difficulties = useMemo(
    () => sortedDifficulties(state.questions.map((question) => question.difficulty).filter((value): value is string => Boolean(value))),
    [state.questions],
  );
  const total = state.runQuestions.length * state.runModels.length;
  // A run (also a paused one, which resumes) is judged one way throughout.
  const runUnderWay = state.status === "running" || state.status === "paused";
  // One model: its name is said once above the table instead of in a column on every row.
  const manyModels = state.runModels.length > 1;
  const rows = useMemo(() => {
    const filtered = state.results.filter((result) => matchesResultFilter(result, query, onlyMisses));
    const value = (result: RunResult): number | string =>
      sort.key === "tokens" ? result.tokens.input + result.tokens.output : sort.key === "match" ? Number(result.match) : (result[sort.key] ?? "");
    return [...filtered].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return sort.descending ? -order : order;
    });
  }, [state.results, query, onlyMisses, sort]);

  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort.key === key ? (sort.descending ? "descending" : "ascending") : "none"}>
      <button type="button" className="link-button" onClick={() => setSort({ key, descending: sort.key === key ? !sort.descending : false })}>
        {label}
      </button>
    </th>
  );

  return (
    <section className="benchmark-view" aria-label="Benchmark">
      <div className="bench-controls">
        <fieldset>
          <legend>Benchmark</legend>
          <p>
            <strong>{state.sourceName ?? "None loaded"}</strong>{" "}
            {state.questions.length > 0 && (
              <span className="muted">
                · {formatCountOf(state.questions.length, "question")} · {formatCountOf(databases.length, "database")}
              </span>
            )}
          </p>
          <button type="button" onClick={() => void state.loadTeaching()}>
            Teaching benchmark
          </button>
          <FilePickerButton inputLabel="Benchmark folder" directory onFiles={(files) => void state.loadFolder(files)}>
            Open folder
          </FilePickerButton>
          <FilePickerButton inputLabel="Benchmark zip" accept=".zip,application/zip" onFiles={([file]) => void state.loadZip(file)}>
            Open .zip
          </FilePickerButton>
          <FilePickerButton inputLabel="Results file" accept=".jsonl,.json" onFiles={([file]) => void state.importResults(file)}>
            Import results
          </FilePickerButton>
          {state.reopen && (
            <p className="notice info" role="status">
              {reopenAdvice(state.reopen)}{" "}
              <button type="button" className="link-button" onClick={() => void state.loadTeaching()}>
                Open the teaching benchmark instead
              </button>
            </p>
          )}
          {state.difficultyComputed && (
            <p className="muted">
              The benchmark has no difficulty labels: each question&apos;s difficulty is computed from its gold SQL by Spider&apos;s hardness rules.
            </p>
          )}
          {!state.difficultyComputed && difficulties.length > 0 && <p className="muted">Difficulty as the benchmark labels it: {difficulties.join(", ")}.</p>}
          {state.loadError && (
            <p className="notice error" role="alert">
              {state.loadError}
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>Questions</legend>
          <div className="checks" role="group" aria-label="Databases">
            {databases.map((dbId) => (
              <label key={dbId}>
                <input
                  type="checkbox"
                  checked={state.filter.dbIds.includes(dbId)}
                  onChange={(event) =>
                    state.setFilter({ dbIds: event.target.checked ? [...state.filter.dbIds, dbId] : state.filter.dbIds.filter((id) => id !== dbId) })
                  }
                />
                {dbId}
              </label>
            ))}
          </div>
          <div className="checks" role="group" aria-label="Difficulties">
            {difficulties.map((difficulty) => (
              <label key={difficulty}>
                <input
                  type="checkbox"
                  checked={state.filter.difficulties.includes(difficulty)}
                  onChange={(event) =>
                    state.setFilter({
                      difficulties: event.target.checked
                        ? [...state.filter.difficulties, difficulty]
                        : state.filter.difficulties.filter((value) => value !== difficulty),
                    })
                  }
                />
                {difficulty}
              </label>
            ))}
          </div>
          <label>
            At most
            <input
              type="number"
              min={1}
              aria-label="Number of questions"
              value={state.filter.limit ?? ""}
              placeholder="all"
              onChange={(event) => state.setFilter({ limit: event.target.value === "" ? null : Math.max(1, Number(event.target.value)) })}
            />
            questions (none ticked = all)
          </label>
          <label>
            <input type="checkbox" checked={state.filter.randomSample} onChange={(event) => state.setFilter({ randomSample: event.target.checked })} />
            Random sample instead of the first ones
          </label>
        </fieldset>
        <fieldset>
          <legend>Run</legend>
          <label>
            Models (comma-separated)
            <input
              aria-label="Models"
              value={modelsText}
              placeholder={defaultModel}
              onChange={(event) => {
                setModelsText(event.target.value);
                state.setModels(
                  event.target.value
                    .split(",")
                    .map((model) => model.trim())
                    .filter(Boolean),
                );
              }}
            />
          </label>
          <p className="muted" aria-live="polite">
            {state.models.length > 0
              ? `Runs ${state.models.join(", ")} at ${hostOf(defaultEndpoint)}.`
              : defaultModel
                ? `No model named: runs ${defaultModel}, the model in Settings, at ${hostOf(defaultEndpoint)}.`
                : "No model named here or in Settings: name one to run."}
          </p>
          <label>
            At once
            <input
              type="number"
              min={1}
              max={16}
              aria-label="Concurrency"
              value={state.concurrency}
              onChange={(event) => state.setConcurrency(Number(event.target.value))}
            />
          </label>
          <label>
            Semantics
            <select
              aria-label="Semantics"
              aria-describedby="semantics-meaning"
              value={state.semantics}
              disabled={runUnderWay}
              onChange={(event) => state.setSemantics(event.target.value as "spider" | "bird")}
            >
              <option value="spider">Spider (official test suite)</option>
              <option value="bird">BIRD (official evaluation)</option>
            </select>
          </label>
          {state.semantics === "spider" && (
            <label>
              <input type="checkbox" checked={state.keepDistinct} disabled={runUnderWay} onChange={(event) => state.setKeepDistinct(event.target.checked)} />
              Keep DISTINCT
            </label>
          )}
          <p id="semantics-meaning" className="muted semantics-meaning">
            {semanticsMeaning(state.semantics, state.keepDistinct)}
          </p>
          <div className="run-buttons">
            <button type="button" className="primary" onClick={() => void state.start()} disabled={state.status === "running" || state.questions.length === 0}>
              Run benchmark
            </button>
            <button type="button" onClick={state.pause} disabled={state.status !== "running"}>
              Pause
            </button>
            <button type="button" onClick={() => void state.resume()} disabled={state.status !== "paused" && state.status !== "stopped"}>
              Resume
            </button>
            <button type="button" onClick={state.stop} disabled={state.status !== "running" && state.status !== "paused"}>
              Stop benchmark
            </button>
          </div>
        </fieldset>
      </div>

      {total > 0 && (
        <div className="bench-progress">
          <progress aria-label="Benchmark progress" max={total} value={state.results.length} />
          <span role="status" aria-label="Benchmark status">
            {state.status} · {formatCount(state.results.length)} of {formatCount(total)} · accuracy {accuracyText(state.results)}
          </span>
        </div>
      )}

      {state.results.length > 0 && (
        <>
          <BenchCharts results={state.results} models={state.runModels} />
          {state.runModels.length > 1 && <ModelComparison results={state.results} models={state.runModels} />}
          <div className="bench-summary">
            {state.runModels.length > 1 && <Breakdown results={state.results} by={(result) => result.model} label="model" />}
            {state.runModels.length === 1 && <p className="muted">Model: {state.runModels[0]}</p>}
            <Breakdown results={state.results} by={(result) => result.db_id} label="database" />
            <Breakdown results={state.results} by={(result) => result.difficulty ?? "unlabelled"} label="difficulty" />
            <BenchCosts results={state.results} />
            <VotingComparison results={state.results} />
          </div>
          <div className="toolbar">
            <input aria-label="Filter results" placeholder="Filter by text" value={query} onChange={(event) => setQuery(event.target.value)} />
            <label>
              <input type="checkbox" checked={onlyMisses} onChange={(event) => setOnlyMisses(event.target.checked)} /> Only misses
            </label>
            <span className="spacer" />
            <button type="button" onClick={() => state.exportResults("jsonl")}>
              Export JSONL
            </button>
            <button type="button" onClick={() => state.exportResults("csv")}>
              Export CSV
            </button>
          </div>
          {rows.length === 0 && (
            <p className="notice info" role="status">
              {emptyFilterReason(state.results, query, onlyMisses)}
            </p>
          )}
          <div className="bench-table-wrap" hidden={rows.length === 0}>
            <table className="bench-table" aria-label="Benchmark results">
              {/* Fixed widths for the short columns; the question and the two SQL share the rest and wrap, so the
                  table fits the window (1,440 px and up) without scrolling sideways. */}
              <colgroup>
                <col className="col-index" />
                {manyModels && <col className="col-model" />}
                <col className="col-database" />
                <col className="col-difficulty" />
                <col />
                <col />
                <col />
                <col className="col-match" />
                <col className="col-turns" />
                <col className="col-tokens" />
                <col className="col-latency" />
                <col className="col-details" />
              </colgroup>
              <thead>
                <tr>
                  {header("index", "#")}
                  {manyModels && header("model", "Model")}
                  {header("db_id", "Database")}
                  {header("difficulty", "Difficulty")}
                  <th scope="col">Question</th>
                  <th scope="col">Predicted SQL</th>
                  <th scope="col">Gold SQL</th>
                  {header("match", "Match")}
                  {header("turns", "Turns")}
                  {header("tokens", "Tokens")}
                  {header("latencyMs", "Latency")}
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((result) => {
                  const key = `${result.model}-${result.index}`;
                  return (
                    <Fragment key={key}>
                      <tr className={result.match ? "match" : "miss"} aria-label={`Question ${result.index + 1} ${result.match ? "match" : "miss"}`}>
                        <td>{result.index + 1}</td>
                        {manyModels && <td>{result.model}</td>}
                        <td>{result.db_id}</td>
                        <td>{result.difficulty ?? ""}</td>
                        <td>{result.question}</td>
                        <td>{result.predicted ? <SqlHighlight sql={result.predicted} /> : <span className="muted">none</span>}</td>
                        <td>
                          <SqlHighlight sql={result.gold} />
                        </td>
                        <td>
                          {result.match ? "✓ match" : `✗ ${result.reason}`}
                          {result.error && <div className="bench-error">{result.error}</div>}
                        </td>
                        <td>{result.turns}</td>
                        <td>{formatCount(result.tokens.input + result.tokens.output)}</td>
                        <td>{formatDuration(result.latencyMs)}</td>
                        <td>
                          <button
                            type="button"
                            aria-expanded={opened === key}
                            aria-label={`Details of question ${result.index + 1}`}
                            onClick={() => setOpened(opened === key ? null : key)}
                          >
                            {opened === key ? "Hide" : "Open"}
                          </button>
                        </td>
                      </tr>
                      {opened === key && (
                        <tr className="details-row">
                          <td colSpan={manyModels ? 12 : 11}>
                            <div className="bench-details-scroll">
                              <ResultDetails result={result} />
                            </div>
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

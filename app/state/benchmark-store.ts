// Benchmark mode in the page: load a Spider-layout benchmark, run the agent on chosen questions with one or more
// models, judge each answer by execution accuracy, and keep the run (it survives a reload and can continue).
import { create } from "zustand";
import { selectQuestions, type BenchmarkQuestion } from "../core/eval/benchmark";
import type { BenchmarkPruning, BenchmarkSession } from "../core/eval/benchmark-session";
import { resultToCsv } from "../core/db/result-export";
import { benchmarkFromFiles, teachingBenchmark, TEACHING_BENCHMARK_NAME, type PageBenchmark, type ReadBytes } from "../browser/benchmark-sources";
import { downloadBytes } from "../browser/download";
import { queryLabStorage } from "../browser/services";
import { benchmarkRunResultSchema, type BenchmarkRunResult, type SavedBenchmarkRun } from "../browser/storage";
import { llmForRequest, useSettingsStore } from "./settings-store";
import { usePruneStore } from "./prune-store";
import { useEmbeddingStore } from "./embedding-store";
import type { QueryOutcome } from "../core/eval/query-runner";
import { unmatchedRows } from "../core/eval/result-diff";
import { errorMessage } from "../core/error-message";
import { withDifficulties } from "../core/eval/hardness";
import { readLastSource, writeLastSource, type BenchmarkSourceKind, type LastBenchmarkSource } from "./benchmark-reopen";

export { benchmarkRunResultSchema as runResultSchema } from "../browser/storage";
export type RunResult = BenchmarkRunResult;

export type RunStatus = "idle" | "running" | "paused" | "stopped" | "done";

interface BenchmarkState {
  sourceName: string | null;
  questions: BenchmarkQuestion[];
  /** True when the benchmark has no difficulty labels and each question's comes from its gold SQL (Spider's rules). */
  difficultyComputed: boolean;
  /** A chosen folder or .zip that was open before a reload and must be chosen again; null otherwise. */
  reopen: LastBenchmarkSource | null;
  loadError: string | null;
  /** Which questions to run. */
  filter: { dbIds: string[]; difficulties: string[]; limit: number | null; randomSample: boolean };
  models: string[];
  concurrency: number;
  semantics: "spider" | "bird";
  /** Spider only: judge with DISTINCT kept (the official --keep_distinct); by default it is dropped, as officially. */
  keepDistinct: boolean;
  status: RunStatus;
  /** The questions of the current run, and the results so far (one per question and model). */
  runQuestions: BenchmarkQuestion[];
  results: RunResult[];
  runModels: string[];
  loadTeaching(): Promise<void>;
  loadFolder(files: File[]): Promise<void>;
  loadZip(file: File): Promise<void>;
  setFilter(filter: Partial<BenchmarkState["filter"]>): void;
  setModels(models: string[]): void;
  setConcurrency(concurrency: number): void;
  setSemantics(semantics: "spider" | "bird"): void;
  setKeepDistinct(keepDistinct: boolean): void;
  start(): Promise<void>;
  pause(): void;
  resume(): Promise<void>;
  stop(): void;
  restore(): Promise<void>;
  exportResults(format: "jsonl" | "csv"): void;
  importResults(file: File): Promise<void>;
  /** Runs a result's gold and predicted queries again, for showing them side by side with the differing rows marked. */
  compareResult(result: RunResult): Promise<ResultComparison>;
}

/** Both results of one benchmark row, each row marked when the other result lacks it; or why they could not be run. */
export type ResultComparison =
  { ok: true; gold: QueryOutcome; predicted: QueryOutcome | null; goldUnmatched: boolean[]; predictedUnmatched: boolean[] } | { ok: false; message: string };

/** The loaded benchmark: its questions and where its databases come from (one worker per database). */
let benchmark: PageBenchmark | null = null;
/** The run's session: each database indexed once for all its questions, across pauses and resumptions. */
let session: BenchmarkSession | null = null;
let controller: AbortController | null = null;

function replaceBenchmark(next: PageBenchmark | null): void {
  benchmark?.source.close();
  benchmark = next;
  session = null;
}

/**
 * The pruning a benchmark question gets: the workspace's budget, and the embedding model once it is ready (a run
 * never waits for the download). No pins or exclusions: those belong to a person's own questions.
 */
const pagePruning: NonNullable<BenchmarkPruning> = {
  options: () => {
    const embedding = useEmbeddingStore.getState();
    return { budget: usePruneStore.getState().budget, embedder: embedding.status.state === "ready" ? embedding.embedder() : null };
  },
};

/**
 * Which load is the latest: a benchmark that finishes loading after the person chose another (the teaching benchmark
 * the view opens by itself while a .zip is read, or one slow .zip overtaken by the next) is closed, not shown.
 */
let latestLoad = 0;
/**
 * Loads begun and not yet ended. The view's first open restores what was open before, or else loads the teaching
 * benchmark; it must not when a load is already under way: a .zip chosen in the moment between the view's first
 * paint and its restore (which runs after that paint) was replaced by the teaching benchmark (a CI flake).
 */
let loadsInProgress = 0;
async function counted<T>(load: Promise<T>): Promise<T> {
  loadsInProgress += 1;
  try {
    return await load;
  } finally {
    loadsInProgress -= 1;
  }
}

export const useBenchmarkStore = create<BenchmarkState>((set, get) => {
  const save = async () => {
    const state = get();
    if (!state.sourceName) return;
    const saved: SavedBenchmarkRun = {
      sourceName: state.sourceName,
      models: state.runModels,
      questions: state.runQuestions,
      results: state.results,
      semantics: state.semantics,
      keepDistinct: state.keepDistinct,
    };
    try {
      await queryLabStorage().saveBenchmarkRun(saved);
    } catch {
      // Not kept across reloads; the run itself goes on.
    }
  };

  /**
   * A loaded benchmark replaces the previous one (its workers end) and starts with no results, unless it is the one the
   * page had before a reload: then its kept run comes back (and a paused one can resume).
   */
  const loaded = async (ticket: number, next: PageBenchmark, kind: BenchmarkSourceKind, loadError: string | null = null) => {
    if (ticket !== latestLoad) {
      next.source.close();
      return;
    }
    const reopened = get().reopen?.name === next.name;
    replaceBenchmark(next);
    const { questions, computed } = withDifficulties(next.questions);
    set({ sourceName: next.name, questions, difficultyComputed: computed, reopen: null, loadError, results: [], runQuestions: [], status: "idle" });
    writeLastSource({ name: next.name, kind });
    if (reopened) await get().restore();
  };

  /** A Spider- or BIRD-layout benchmark among a set of files by path (a chosen folder or an unpacked .zip). */
  const loadEntries = async (ticket: number, name: string, kind: BenchmarkSourceKind, entries: Map<string, ReadBytes>) => {
    const found = await benchmarkFromFiles(name, entries);
    if (!found.ok) {
      if (ticket === latestLoad) set({ loadError: found.message });
      return;
    }
    const { missing } = found.benchmark;
    await loaded(ticket, found.benchmark, kind, missing.length > 0 ? `No database file for ${missing.join(", ")}; their questions are left out.` : null);
  };

  const loadTeachingAs = async (ticket: number) => {
    try {
      await loaded(ticket, await teachingBenchmark(import.meta.env.BASE_URL), "teaching");
    } catch (error) {
      if (ticket === latestLoad) set({ loadError: errorMessage(error) });
    }
  };

  /** A kept run shown again: finished, or paused where it stopped (resumable once its benchmark is loaded). */
  const applySaved = (saved: SavedBenchmarkRun) => {
    const finished = saved.results.length >= saved.questions.length * saved.models.length;
    set({
      runQuestions: saved.questions,
      results: saved.results,
      runModels: saved.models,
      semantics: saved.semantics,
      keepDistinct: saved.keepDistinct ?? false,
      status: saved.models.length === 0 ? "idle" : finished ? "done" : "paused",
    });
  };

  /** Runs every (question, model) pair not yet answered, at most `concurrency` at once, until done, paused or stopped. */
  const runPending = async () => {
    if (!benchmark) {
      const { reopen } = get();
      set({ loadError: reopen ? `Choose ${reopen.name} again first: the page cannot read it again by itself.` : "Load a benchmark first." });
      return;
    }
    const { runQuestions, runModels } = get();
    const done = new Set(get().results.map((result) => `${result.model}\n${result.index}`));
    const pending = runModels.flatMap((model) =>
      runQuestions.filter((question) => !done.has(`${model}\n${question.index}`)).map((question) => ({ question, model })),
    );
    controller = new AbortController();
    const signal = controller.signal;
    set({ status: "running" });
    // The AI SDK and the agent load with the first run, not with the page.
    const [{ BenchmarkSession }, { createLanguageModel }] = await Promise.all([import("../core/eval/benchmark-session"), import("../core/llm/providers")]);
    const models = new Map<string, ReturnType<typeof createLanguageModel>>();
    session ??= new BenchmarkSession({
      source: benchmark.source,
      pruning: pagePruning,
      sharing: useSettingsStore.getState().sharing ?? "schema",
      // Read per question, so each run is judged as chosen for it (the view locks the choice while a run is under way).
      get semantics() {
        return get().semantics;
      },
      get keepDistinct() {
        return get().keepDistinct;
      },
      modelFor: ({ model }) => {
        const { settings, fetch } = llmForRequest({ model });
        let created = models.get(model);
        if (!created) models.set(model, (created = createLanguageModel(settings, fetch)));
        return { model: created, settings };
      },
      // Read per question from Settings, as the model settings are: a run started with voting on votes on every question.
      voting: () => {
        const { candidates, candidateTemperature } = useSettingsStore.getState().llm;
        return { candidates, temperature: candidateTemperature };
      },
    });
    await session.run(pending, {
      concurrency: get().concurrency,
      signal,
      shouldContinue: () => get().status === "running",
      onResult: async (_task, result, events) => {
        set({ results: [...get().results, { ...result, events }] });
        await save();
      },
    });
    if (get().status === "running") set({ status: "done" });
    controller = null;
  };

  return {
    sourceName: null,
    questions: [],
    difficultyComputed: false,
    reopen: null,
    loadError: null,
    filter: { dbIds: [], difficulties: [], limit: null, randomSample: false },
    models: [],
    concurrency: 2,
    semantics: "spider",
    keepDistinct: false,
    status: "idle",
    runQuestions: [],
    results: [],
    runModels: [],

    async loadTeaching() {
      await counted(loadTeachingAs(++latestLoad));
    },

    async loadFolder(files) {
      const ticket = ++latestLoad;
      const entries = new Map(files.map((file) => [file.webkitRelativePath || file.name, async () => new Uint8Array(await file.arrayBuffer())]));
      await counted(loadEntries(ticket, files[0]?.webkitRelativePath?.split("/")[0] || "Benchmark folder", "folder", entries));
    },

    async loadZip(file) {
      const ticket = ++latestLoad;
      await counted(
        (async () => {
          let unzipped: Record<string, Uint8Array>;
          try {
            const { unzipSync } = await import("fflate");
            unzipped = unzipSync(new Uint8Array(await file.arrayBuffer()));
          } catch (error) {
            if (ticket === latestLoad) set({ loadError: `${file.name} could not be read as a .zip (${errorMessage(error)}).` });
            return;
          }
          const entries = new Map(Object.entries(unzipped).map(([path, bytes]) => [path, async () => bytes]));
          await loadEntries(ticket, file.name, "zip", entries);
        })(),
      );
    },

    setFilter(filter) {
      set({ filter: { ...get().filter, ...filter } });
    },
    setModels(models) {
      set({ models });
    },
    setConcurrency(concurrency) {
      set({ concurrency: Math.max(1, Math.min(16, concurrency)) });
    },
    setSemantics(semantics) {
      set({ semantics });
    },
    setKeepDistinct(keepDistinct) {
      set({ keepDistinct });
    },

    async start() {
      const { questions, filter, status } = get();
      if (status === "running") return;
      if (useSettingsStore.getState().sharing === null) {
        set({ loadError: "Choose what may be sent to the model in the agent panel first (Workspace view). Nothing has been sent." });
        return;
      }
      const runQuestions = selectQuestions(questions, {
        dbIds: filter.dbIds,
        difficulties: filter.difficulties,
        limit: filter.limit ?? undefined,
        sampleSeed: filter.randomSample ? Date.now() % 2 ** 31 : undefined,
      });
      const settingsModel = useSettingsStore.getState().llm.model.trim();
      if (get().models.length === 0 && !settingsModel) {
        set({ loadError: "No model is named: type one under Models, or set one in Settings. Nothing has been sent." });
        return;
      }
      // With no model named here, the run uses the one in Settings; the view says which before the run starts.
      const models = get().models.length > 0 ? get().models : [settingsModel];
      set({ runQuestions, runModels: models, results: [] });
      await save();
      await runPending();
    },

    pause() {
      if (get().status === "running") set({ status: "paused" });
    },

    async resume() {
      if (get().status === "paused" || get().status === "stopped") await runPending();
    },

    stop() {
      if (get().status !== "running" && get().status !== "paused") return;
      set({ status: "stopped" });
      controller?.abort(new Error("stopped"));
    },

    async restore() {
      // A benchmark the person chooses while this reads storage (or loads the teaching one) is the one that stays.
      const ticket = latestLoad;
      let saved: SavedBenchmarkRun | null = null;
      try {
        saved = await queryLabStorage().loadBenchmarkRun();
      } catch {
        // Nothing kept, or storage unavailable.
      }
      // At page start: reopen what was open. The teaching benchmark is the page's own and loads again; a chosen
      // folder or .zip cannot be read again without the person, so it is named and its kept results shown.
      if (ticket !== latestLoad) return;
      if (get().sourceName === null && get().reopen === null) {
        // A benchmark chosen before this began and still loading is what will be shown.
        if (loadsInProgress > 0) return;
        const last =
          readLastSource() ?? (saved ? { name: saved.sourceName, kind: saved.sourceName === TEACHING_BENCHMARK_NAME ? "teaching" : "folder" } : null);
        if (last && last.kind !== "teaching") {
          set({ reopen: last });
          if (saved?.sourceName === last.name) applySaved(saved);
          return;
        }
        const teaching = ++latestLoad;
        await loadTeachingAs(teaching);
        if (teaching !== latestLoad) return;
      }
      if (saved && saved.sourceName === get().sourceName) applySaved(saved);
    },

    exportResults(format) {
      const results = get().results;
      if (format === "jsonl") {
        const lines = results.map(({ events: _events, ...result }) => JSON.stringify(result));
        downloadBytes(lines.join("\n") + "\n", "querylab-benchmark.jsonl", "application/x-ndjson");
        return;
      }
      // The same CSV writer as the results grid's Export CSV (papaparse, RFC 4180).
      const columns = [
        "model",
        "index",
        "db_id",
        "difficulty",
        "question",
        "gold",
        "predicted",
        "match",
        "reason",
        "turns",
        "input_tokens",
        "output_tokens",
        "latency_ms",
        "error",
      ];
      const rows = results.map((result) => [
        result.model,
        result.index,
        result.db_id,
        result.difficulty ?? null,
        result.question,
        result.gold,
        result.predicted,
        String(result.match),
        result.reason,
        result.turns,
        result.tokens.input,
        result.tokens.output,
        Math.round(result.latencyMs),
        result.error,
      ]);
      downloadBytes(resultToCsv(columns, rows), "querylab-benchmark.csv", "text/csv");
    },

    async importResults(file) {
      // Imported results replace what is shown, also a benchmark still loading (the teaching one the view opens by itself).
      const ticket = ++latestLoad;
      const text = await file.text();
      if (ticket !== latestLoad) return;
      const lines = text.split("\n").filter((line) => line.trim() !== "");
      const results: RunResult[] = [];
      for (const [index, line] of lines.entries()) {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          set({ loadError: `${file.name}: line ${index + 1} is not JSON. Nothing was imported.` });
          return;
        }
        const parsed = benchmarkRunResultSchema.safeParse({ model: "imported", ...(value as object) });
        if (!parsed.success) {
          set({ loadError: `${file.name}: line ${index + 1} is not a benchmark result. Nothing was imported.` });
          return;
        }
        results.push(parsed.data);
      }
      const questions = results.map((result) => ({
        index: result.index,
        dbId: result.db_id,
        question: result.question,
        gold: result.gold,
        difficulty: result.difficulty,
      }));
      const uniqueQuestions = [...new Map(questions.map((question) => [question.index, question])).values()];
      set({
        sourceName: file.name,
        results,
        runQuestions: uniqueQuestions,
        runModels: [...new Set(results.map((result) => result.model))],
        status: "done",
        loadError: null,
      });
    },

    async compareResult(result) {
      try {
        if (!benchmark) return { ok: false, message: "The benchmark this result came from is not loaded; load it again to run its queries." };
        const engine = await benchmark.source.openDatabase(result.db_id);
        const gold = await engine.runForJudge(result.gold, { timeoutMs: 30_000 });
        const predicted = result.predicted ? await engine.runForJudge(result.predicted, { timeoutMs: 30_000 }) : null;
        const both = gold.ok && predicted?.ok;
        return {
          ok: true,
          gold,
          predicted,
          goldUnmatched: both ? unmatchedRows(gold.rows, predicted.rows) : [],
          predictedUnmatched: both ? unmatchedRows(predicted.rows, gold.rows) : [],
        };
      } catch (error) {
        return { ok: false, message: `The queries could not be run again (${errorMessage(error)}).` };
      }
    },
  };
});

// Benchmark mode in the page: load a Spider-layout benchmark, run the agent on chosen questions with one or more
// models, judge each answer by execution accuracy, and keep the run (it survives a reload and can continue).
import { createStore, get as idbGet, set as idbSet } from "idb-keyval";
import { z } from "zod";
import { create } from "zustand";
import { parseBenchmarkQuestions, selectQuestions, type BenchmarkQuestion } from "../core/eval/benchmark";
import { agentEventSchema, type AgentEvent } from "../core/agent/events";
import { failedQuestionResult, questionResultSchema } from "../core/eval/question-result";
import { SqliteConnection } from "../browser/sqlite-connection";
import { downloadBytes } from "../browser/download";
import { useSettingsStore } from "./settings-store";
import { usePruneStore } from "./prune-store";
import { useEmbeddingStore } from "./embedding-store";
import { sharesValues } from "../core/data-sharing";
import { alignDescriptions, descriptionsFromComments, harvestBenchmarkDescriptions, isDescriptionFile, mergeDescriptions } from "../core/schema/descriptions";
import { pruneSchema } from "../core/schema/prune";
import { buildSchemaContext, type SchemaPruner } from "../core/schema/schema-context";

export const runResultSchema = questionResultSchema.extend({
  model: z.string(),
  /** The agent's events for this question, to open its trace; not written to exported files. */
  events: z.array(agentEventSchema).optional(),
});
export type RunResult = z.infer<typeof runResultSchema>;

const savedRunSchema = z.object({
  sourceName: z.string(),
  models: z.array(z.string()),
  questions: z.array(z.object({ index: z.number(), dbId: z.string(), question: z.string(), gold: z.string(), evidence: z.string().optional(), difficulty: z.string().optional() })),
  results: z.array(runResultSchema),
  semantics: z.enum(["spider", "bird"]),
});
type SavedRun = z.infer<typeof savedRunSchema>;

export type RunStatus = "idle" | "running" | "paused" | "stopped" | "done";

interface BenchmarkState {
  sourceName: string | null;
  questions: BenchmarkQuestion[];
  loadError: string | null;
  /** Which questions to run. */
  filter: { dbIds: string[]; difficulties: string[]; limit: number | null; randomSample: boolean };
  models: string[];
  concurrency: number;
  semantics: "spider" | "bird";
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
  start(): Promise<void>;
  pause(): void;
  resume(): Promise<void>;
  stop(): void;
  restore(): Promise<void>;
  exportResults(format: "jsonl" | "csv"): void;
  importResults(file: File): Promise<void>;
}

const storage = createStore("querylab-benchmark", "keyval");
const RUN_KEY = "current-run";

/** Where each database's bytes come from, by db_id. */
let databaseSources = new Map<string, () => Promise<Uint8Array>>();
/** One worker per database of the benchmark, so questions on different databases run side by side. */
const connections = new Map<string, Promise<SqliteConnection>>();
let controller: AbortController | null = null;

export function connectionFor(dbId: string): Promise<SqliteConnection> {
  let connection = connections.get(dbId);
  if (!connection) {
    connection = (async () => {
      const source = databaseSources.get(dbId);
      if (!source) throw new Error(`The benchmark has no database for ${dbId}.`);
      const created = new SqliteConnection();
      const opened = await created.engine.open(await source());
      if (!opened.ok) throw new Error(`${dbId}: ${opened.error.message}`);
      return created;
    })();
    connections.set(dbId, connection);
  }
  return connection;
}

function resetConnections(): void {
  for (const connection of connections.values()) void connection.then((created) => created.terminate()).catch(() => undefined);
  connections.clear();
  pruners.clear();
  descriptionFiles = [];
}

/** The benchmark's files that describe databases (tables.json, BIRD description CSVs), paths relative to its root. */
let descriptionFiles: Array<{ path: string; read: () => Promise<Uint8Array> }> = [];
/** One schema pruner per database: the same pruning the agent gets in the workspace and in `querylab eval`. */
const pruners = new Map<string, Promise<SchemaPruner>>();

function prunerFor(dbId: string, connection: SqliteConnection): Promise<SchemaPruner> {
  let pruner = pruners.get(dbId);
  if (!pruner) {
    pruner = (async () => {
      const engine = connection.engine;
      const [schema, profile] = await Promise.all([engine.schema(), engine.profile()]);
      const files = await Promise.all(descriptionFiles.filter((file) => isDescriptionFile(dbId, file.path)).map(async (file) => ({ path: file.path, content: await file.read() })));
      const descriptions = alignDescriptions(mergeDescriptions(descriptionsFromComments(schema), harvestBenchmarkDescriptions(dbId, files).descriptions), schema);
      const { retriever } = await buildSchemaContext({ database: engine, schema, profile, descriptions });
      // No pins or exclusions here: those belong to a person's own questions, not to a measurement.
      return (question: string) => {
        const embedding = useEmbeddingStore.getState();
        const ready = embedding.status.state === "ready" ? embedding.embedder() : null;
        return pruneSchema(retriever, question, { budget: usePruneStore.getState().budget, embedder: ready, includeValues: sharesValues(useSettingsStore.getState().sharing ?? "schema") });
      };
    })();
    pruners.set(dbId, pruner);
  }
  return pruner;
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}


export const useBenchmarkStore = create<BenchmarkState>((set, get) => {
  const save = async () => {
    const state = get();
    if (!state.sourceName) return;
    const saved: SavedRun = { sourceName: state.sourceName, models: state.runModels, questions: state.runQuestions, results: state.results, semantics: state.semantics };
    try {
      await idbSet(RUN_KEY, saved, storage);
    } catch {
      // Not kept across reloads; the run itself goes on.
    }
  };

  /**
   * Loads a Spider-layout benchmark from a set of files by path (a chosen folder or an unpacked .zip): the
   * questions file and database/<db_id>/<db_id>.sqlite, wherever the layout sits inside the set.
   */
  const loadEntries = async (name: string, entries: Map<string, () => Promise<Uint8Array>>) => {
    const paths = [...entries.keys()];
    const questionsPath = paths
      .filter((path) => /(^|\/)(dev|questions|test)\.json$/.test(path))
      .sort((a, b) => a.split("/").length - b.split("/").length)[0];
    if (!questionsPath) {
      set({ loadError: `${name} has no dev.json (the Spider layout: dev.json and database/<db_id>/<db_id>.sqlite).` });
      return;
    }
    const root = questionsPath.slice(0, questionsPath.lastIndexOf("/") + 1);
    const parsed = parseBenchmarkQuestions(new TextDecoder().decode(await entries.get(questionsPath)!()));
    if (!parsed.ok) {
      set({ loadError: `${questionsPath}: ${parsed.message}` });
      return;
    }
    const missing = new Set<string>();
    const sources = new Map<string, () => Promise<Uint8Array>>();
    for (const dbId of new Set(parsed.questions.map((question) => question.dbId))) {
      const source = ["database", "dev_databases", "databases"].map((folder) => entries.get(`${root}${folder}/${dbId}/${dbId}.sqlite`)).find(Boolean);
      if (source) sources.set(dbId, source);
      else missing.add(dbId);
    }
    resetConnections();
    databaseSources = sources;
    descriptionFiles = [...entries].filter(([path]) => path.startsWith(root)).map(([path, read]) => ({ path: path.slice(root.length), read }));
    set({
      sourceName: name,
      questions: parsed.questions.filter((question) => !missing.has(question.dbId)),
      loadError: missing.size > 0 ? `No database file for ${[...missing].join(", ")}; their questions are left out.` : null,
      results: [],
      runQuestions: [],
      status: "idle",
    });
  };

  /** Runs every (question, model) pair not yet answered, at most `concurrency` at once, until done, paused or stopped. */
  const runPending = async () => {
    const { runQuestions, runModels } = get();
    const done = new Set(get().results.map((result) => `${result.model}\n${result.index}`));
    const pending = runModels.flatMap((model) => runQuestions.filter((question) => !done.has(`${model}\n${question.index}`)).map((question) => ({ question, model })));
    controller = new AbortController();
    const signal = controller.signal;
    set({ status: "running" });
    const [{ evaluateQuestion }, { createLanguageModel }] = await Promise.all([import("../core/eval/benchmark-runner"), import("../core/llm/providers")]);
    let next = 0;
    const worker = async () => {
      while (next < pending.length && get().status === "running") {
        const { question, model } = pending[next++]!;
        const settings = { ...useSettingsStore.getState().llm, model };
        let result: RunResult;
        try {
          const connection = await connectionFor(question.dbId);
          const engine = connection.engine;
          const events: AgentEvent[] = [];
          const outcome = await evaluateQuestion(
            question,
            { database: engine, judge: { run: (sql, options) => engine.runForJudge(sql, options) }, pruner: await prunerFor(question.dbId, connection).catch(() => undefined) },
            { model: createLanguageModel(settings), settings, semantics: get().semantics, signal, sharing: useSettingsStore.getState().sharing ?? "schema", onEvent: (_question, event) => events.push(event) },
          );
          result = { ...outcome, model, events };
        } catch (error) {
          result = { ...failedQuestionResult(question, error instanceof Error ? error.message : String(error)), model };
        }
        // A question cut short by Stop is not a result: it stays pending for a later run.
        if (signal.aborted && get().status === "stopped") return;
        set({ results: [...get().results, result] });
        await save();
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, get().concurrency) }, worker));
    if (get().status === "running") set({ status: "done" });
    controller = null;
  };

  return {
    sourceName: null,
    questions: [],
    loadError: null,
    filter: { dbIds: [], difficulties: [], limit: null, randomSample: false },
    models: [],
    concurrency: 2,
    semantics: "spider",
    status: "idle",
    runQuestions: [],
    results: [],
    runModels: [],

    async loadTeaching() {
      try {
        const base = import.meta.env.BASE_URL;
        const response = await fetch(`${base}benchmark/dev.json`);
        if (!response.ok) throw new Error(`The teaching benchmark could not be loaded (HTTP ${response.status}).`);
        const parsed = parseBenchmarkQuestions(await response.text());
        if (!parsed.ok) throw new Error(parsed.message);
        resetConnections();
        databaseSources = new Map(parsed.questions.map((question) => [question.dbId, () => fetchBytes(`${base}samples/${question.dbId}.sqlite`)]));
        set({ sourceName: "Teaching benchmark", questions: parsed.questions, loadError: null, results: [], runQuestions: [], status: "idle" });
      } catch (error) {
        set({ loadError: error instanceof Error ? error.message : String(error) });
      }
    },

    async loadFolder(files) {
      const entries = new Map(files.map((file) => [file.webkitRelativePath || file.name, async () => new Uint8Array(await file.arrayBuffer())]));
      await loadEntries(files[0]?.webkitRelativePath.split("/")[0] || "Benchmark folder", entries);
    },

    async loadZip(file) {
      let unzipped: Record<string, Uint8Array>;
      try {
        const { unzipSync } = await import("fflate");
        unzipped = unzipSync(new Uint8Array(await file.arrayBuffer()));
      } catch (error) {
        set({ loadError: `${file.name} could not be read as a .zip (${error instanceof Error ? error.message : String(error)}).` });
        return;
      }
      const entries = new Map(Object.entries(unzipped).map(([path, bytes]) => [path, async () => bytes]));
      await loadEntries(file.name, entries);
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
      const models = get().models.length > 0 ? get().models : [useSettingsStore.getState().llm.model];
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
      try {
        const parsed = savedRunSchema.safeParse(await idbGet(RUN_KEY, storage));
        if (!parsed.success) return;
        const saved = parsed.data;
        if (saved.sourceName === "Teaching benchmark") await get().loadTeaching();
        else if (get().sourceName !== saved.sourceName) return; // a folder must be chosen again before continuing
        const finished = saved.results.length >= saved.questions.length * saved.models.length;
        set({ runQuestions: saved.questions, results: saved.results, runModels: saved.models, semantics: saved.semantics, status: finished ? "done" : "paused" });
      } catch {
        // Nothing kept, or storage unavailable.
      }
    },

    exportResults(format) {
      const results = get().results;
      if (format === "jsonl") {
        const lines = results.map(({ events: _events, ...result }) => JSON.stringify(result));
        downloadBytes(lines.join("\n") + "\n", "querylab-benchmark.jsonl", "application/x-ndjson");
        return;
      }
      const columns = ["model", "index", "db_id", "difficulty", "question", "gold", "predicted", "match", "reason", "turns", "input_tokens", "output_tokens", "latency_ms", "error"];
      const escape = (value: unknown) => {
        const text = value === null || value === undefined ? "" : String(value);
        return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
      };
      const lines = results.map((result) =>
        [result.model, result.index, result.db_id, result.difficulty, result.question, result.gold, result.predicted, result.match, result.reason, result.turns, result.tokens.input, result.tokens.output, Math.round(result.latencyMs), result.error]
          .map(escape)
          .join(","),
      );
      downloadBytes([columns.join(","), ...lines].join("\r\n"), "querylab-benchmark.csv", "text/csv");
    },

    async importResults(file) {
      const lines = (await file.text()).split("\n").filter((line) => line.trim() !== "");
      const results: RunResult[] = [];
      for (const [index, line] of lines.entries()) {
        let value: unknown;
        try {
          value = JSON.parse(line);
        } catch {
          set({ loadError: `${file.name}: line ${index + 1} is not JSON. Nothing was imported.` });
          return;
        }
        const parsed = runResultSchema.safeParse({ model: "imported", ...(value as object) });
        if (!parsed.success) {
          set({ loadError: `${file.name}: line ${index + 1} is not a benchmark result. Nothing was imported.` });
          return;
        }
        results.push(parsed.data);
      }
      const questions = results.map((result) => ({ index: result.index, dbId: result.db_id, question: result.question, gold: result.gold, difficulty: result.difficulty }));
      const uniqueQuestions = [...new Map(questions.map((question) => [question.index, question])).values()];
      set({ sourceName: file.name, results, runQuestions: uniqueQuestions, runModels: [...new Set(results.map((result) => result.model))], status: "done", loadError: null });
    },
  };
});

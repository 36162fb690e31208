// One benchmark session for the page and the CLI: each database opened once, pruned the same way, every
// (question, model) task run with bounded concurrency, judged, and handed back as it finishes.
import type { LanguageModel } from "ai";
import type { AgentSettings } from "../agent/agent-loop";
import type { AgentEvent } from "../agent/events";
import { sharesValues, type DataSharing } from "../data-sharing";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import { errorMessage } from "../error-message";
import { benchmarkDescriptions, type BenchmarkFile } from "../schema/benchmark-descriptions";
import type { PruneOptions } from "../schema/prune";
import { createSchemaPruner, type BuiltSchemaPruner } from "../schema/schema-pruner";
import type { ProfileOptions } from "../schema/profile";
import type { DatabaseProfile } from "../schema/types";
import type { BenchmarkQuestion } from "./benchmark";
import { evaluateQuestion, type EvaluateOptions, type QuestionContext } from "./benchmark-runner";
import type { ExSemantics } from "./ex-judge";
import { failedQuestionResult, type QuestionResult } from "./question-result";
import type { QueryOutcome, QueryRunOptions } from "./query-runner";

/** A benchmark database as the session needs it: the worker's service in the page, the in-process one in the CLI. */
export interface BenchmarkDatabase extends ReadOnlyDatabase {
  profile(options?: ProfileOptions): Promise<DatabaseProfile>;
  runForJudge(sql: string, options: QueryRunOptions): Promise<QueryOutcome>;
  /**
   * The database as one question's agent sees it: its queries end at once when the signal aborts, mid-query
   * included. Absent where queries run in process and cannot be interrupted (unit tests).
   */
  stoppableBy?(signal: AbortSignal): ReadOnlyDatabase;
}

/** Where a benchmark's databases and description files come from: a folder on disk, a chosen folder, a .zip, URLs. */
export interface BenchmarkSource {
  /** Opens one database (once per session); throws with a message a person can act on. */
  openDatabase(dbId: string): Promise<BenchmarkDatabase>;
  /** The files that may describe it (tables.json, BIRD's description CSVs); none is fine. */
  descriptionFiles(dbId: string): Promise<BenchmarkFile[]>;
}

/**
 * A benchmark's profiles have no time budget: the workspace cuts profiling short on a slow machine (and marks the
 * figures ≈), but a measurement must give every entry point, on any machine, the same schema text.
 */
export const BENCHMARK_PROFILE: ProfileOptions = { timeBudgetMs: Number.POSITIVE_INFINITY };

/** How questions are pruned; null gives the agent the whole schema. */
export type BenchmarkPruning = null | {
  /** Read per question: the budget and the embedding model may change while a session runs. */
  options: () => Pick<PruneOptions, "budget" | "budgetShare" | "embedder" | "denseUnavailable">;
};

/** Called once per database when its pruner is built: how long indexing took, what the description files said. */
export type DatabaseIndexedListener = (dbId: string, report: { indexMs: number; warnings: string[] }) => void;

/**
 * The pruner every entry point gives a benchmark database: no pins or exclusions (those belong to a person's own
 * questions, not to a measurement), the database's comments and the benchmark's descriptions, values in the text
 * only when the sharing level allows them. The page's benchmark, `querylab eval` and `querylab prune` all call it.
 */
export async function benchmarkPruner(
  dbId: string,
  database: BenchmarkDatabase,
  source: Pick<BenchmarkSource, "descriptionFiles">,
  pruning: NonNullable<BenchmarkPruning>,
  sharing: DataSharing,
  onIndexed?: DatabaseIndexedListener,
): Promise<BuiltSchemaPruner> {
  const [schema, profile, files] = await Promise.all([database.schema(), database.profile(BENCHMARK_PROFILE), source.descriptionFiles(dbId)]);
  const described = benchmarkDescriptions(dbId, schema, files);
  const built = await createSchemaPruner({
    database,
    schema,
    profile,
    descriptions: described.descriptions,
    options: () => ({ ...pruning.options(), includeValues: sharesValues(sharing) }),
  });
  onIndexed?.(dbId, { indexMs: built.indexMs, warnings: described.warnings });
  return built;
}

export interface BenchmarkTask {
  question: BenchmarkQuestion;
  /** The model's name, as results record it. */
  model: string;
}

export type TaskResult = QuestionResult & { model: string };

export interface BenchmarkSessionOptions {
  source: BenchmarkSource;
  pruning: BenchmarkPruning;
  sharing: DataSharing;
  semantics: ExSemantics;
  /** Spider only: keep DISTINCT when judging (the official --keep_distinct). */
  keepDistinct?: boolean;
  /** The model and agent settings of a task (the page runs several models over the same questions). */
  modelFor(task: BenchmarkTask): { model: LanguageModel; settings: AgentSettings };
  /** Candidate voting for every question (candidates > 1); read per task, as the page's settings may change between runs. */
  voting?: () => EvaluateOptions["voting"];
  onIndexed?: DatabaseIndexedListener;
}

export interface RunTasksOptions {
  concurrency: number;
  signal?: AbortSignal;
  /** Wall-clock limit for each question (the agent's turns and the judging); past it the question fails with that reason. */
  questionTimeLimitMs?: number;
  /** Checked before each task starts: false pauses the run, and the tasks not started stay for a later call. */
  shouldContinue?: () => boolean;
  /** Each finished task with its agent events, in the order they finish. */
  onResult?: (task: BenchmarkTask, result: TaskResult, events: AgentEvent[]) => void | Promise<void>;
}

/**
 * A benchmark run: opens each database once (and builds its pruner once) for all the tasks on it, however many
 * runs, pauses and resumptions there are. A task that fails outside the agent (its database does not open) is a
 * failed result with the reason, never a crash of the run; a task cut short by the signal is not a result.
 */
export class BenchmarkSession {
  private readonly contexts = new Map<string, Promise<QuestionContext>>();

  constructor(private readonly options: BenchmarkSessionOptions) {}

  /** The database, judge and pruner of one database, made on first use. */
  contextFor(dbId: string): Promise<QuestionContext> {
    let context = this.contexts.get(dbId);
    if (!context) {
      const { source, pruning, sharing, onIndexed } = this.options;
      context = (async () => {
        const database = await source.openDatabase(dbId);
        const pruner = pruning ? (await benchmarkPruner(dbId, database, source, pruning, sharing, onIndexed)).prune : undefined;
        return {
          database,
          judge: { run: (sql, options) => database.runForJudge(sql, options) },
          ...(database.stoppableBy ? { stoppableBy: (signal: AbortSignal) => database.stoppableBy!(signal) } : {}),
          ...(pruner ? { pruner } : {}),
        };
      })();
      // A database that failed to open is tried again by the next task rather than failing every later one.
      context.catch(() => this.contexts.delete(dbId));
      this.contexts.set(dbId, context);
    }
    return context;
  }

  /** One task: the agent's answer judged by execution accuracy, or a failed result saying why. */
  async runTask(task: BenchmarkTask, signal?: AbortSignal, questionTimeLimitMs?: number): Promise<{ result: TaskResult; events: AgentEvent[] }> {
    const events: AgentEvent[] = [];
    try {
      const context = await this.contextFor(task.question.dbId);
      const { model, settings } = this.options.modelFor(task);
      const result = await evaluateQuestion(task.question, context, {
        model,
        settings,
        semantics: this.options.semantics,
        keepDistinct: this.options.keepDistinct,
        signal,
        timeLimitMs: questionTimeLimitMs,
        sharing: this.options.sharing,
        voting: this.options.voting?.(),
        onEvent: (_question, event) => events.push(event),
      });
      return { result: { ...result, model: task.model }, events };
    } catch (error) {
      return { result: { ...failedQuestionResult(task.question, errorMessage(error)), model: task.model }, events };
    }
  }

  /** Runs the tasks at most `concurrency` at once; resolves with the results of the tasks that ran, in task order. */
  async run(tasks: BenchmarkTask[], options: RunTasksOptions): Promise<Array<TaskResult | undefined>> {
    const results: Array<TaskResult | undefined> = new Array(tasks.length);
    let next = 0;
    const proceed = () => !options.signal?.aborted && (options.shouldContinue?.() ?? true);
    const worker = async () => {
      while (next < tasks.length && proceed()) {
        const index = next++;
        const task = tasks[index]!;
        const { result, events } = await this.runTask(task, options.signal, options.questionTimeLimitMs);
        // A question cut short by the signal is not a result: it stays pending for a later run.
        if (options.signal?.aborted) return;
        results[index] = result;
        await options.onResult?.(task, result, events);
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, tasks.length)) }, worker));
    return results;
  }
}

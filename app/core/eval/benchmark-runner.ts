// Runs the agent on benchmark questions and judges each answer by execution accuracy; used by the CLI and the page.
import type { LanguageModel } from "ai";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import { runAgent, type AgentSettings } from "../agent/agent-loop";
import { DEFAULT_DATA_SHARING, sharesValues, type DataSharing } from "../data-sharing";
import type { AgentEvent } from "../agent/events";
import type { BenchmarkQuestion } from "./benchmark";
import { judgeQueries, type ExSemantics } from "./ex-judge";
import type { QueryRunner } from "./query-runner";
import { runVoting, type VotingOptions } from "./candidate-voting";
import type { VotingResult } from "./question-result";
import { pruningSummary, type SchemaPruner } from "../schema/schema-context";
import { unprunedSchema } from "../schema/prune";

export { questionResultSchema, type QuestionResult } from "./question-result";
import type { QuestionResult } from "./question-result";

export interface QuestionContext {
  database: ReadOnlyDatabase;
  judge: QueryRunner;
  /** Prunes the schema per question; without it the agent gets the whole schema. */
  pruner?: SchemaPruner;
  /** The database with its queries ended when a signal aborts (see BenchmarkDatabase.stoppableBy). */
  stoppableBy?: (signal: AbortSignal) => ReadOnlyDatabase;
}

export interface EvaluateOptions {
  model: LanguageModel;
  settings: AgentSettings;
  semantics: ExSemantics;
  /** Spider only: run DISTINCT as written (the official --keep_distinct); by default both queries lose it, as officially. */
  keepDistinct?: boolean;
  signal?: AbortSignal;
  /** Wall-clock limit for the question; past it the run is stopped (mid-query included) and the question fails saying so. */
  timeLimitMs?: number;
  sharing?: DataSharing;
  /** Answer by candidate voting when set with more than one candidate; grouped by this run's semantics. */
  voting?: Pick<VotingOptions, "candidates" | "temperature">;
  onEvent?: (question: BenchmarkQuestion, event: AgentEvent) => void;
}

/** One question: the agent's final SQL (no answer is a miss), judged against the gold query. */
export async function evaluateQuestion(question: BenchmarkQuestion, context: QuestionContext, options: EvaluateOptions): Promise<QuestionResult> {
  let predicted: string | null = null;
  let error: string | null = null;
  let end: Extract<AgentEvent, { type: "run-end" }> | null = null;
  const questionTimer = options.timeLimitMs === undefined ? undefined : AbortSignal.timeout(options.timeLimitMs);
  const signals = [options.signal, questionTimer].filter((signal): signal is AbortSignal => signal !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const pruned = context.pruner ? await context.pruner(question.question) : null;
  const agentOptions = {
    schema: pruned
      ? { text: pruned.schemaText, pruning: pruningSummary(pruned) }
      : unprunedSchema(await context.database.schema(), { includeValues: sharesValues(options.sharing ?? DEFAULT_DATA_SHARING) }),
    question: question.question,
    evidence: question.evidence,
    database: signal && context.stoppableBy ? context.stoppableBy(signal) : context.database,
    model: options.model,
    settings: options.settings,
    signal,
    sharing: options.sharing,
  };
  const voting = options.voting && options.voting.candidates > 1 ? options.voting : null;
  const events = voting ? runVoting(agentOptions, { ...voting, semantics: options.semantics }) : runAgent(agentOptions);
  let vote: Extract<AgentEvent, { type: "vote" }> | null = null;
  let firstPredicted: string | null = null;
  for await (const event of events) {
    options.onEvent?.(question, event);
    if (event.type === "final") predicted = event.sql;
    if (event.type === "error") error = `${event.kind}: ${event.message}`;
    if (event.type === "run-end") end = event;
    if (event.type === "vote") vote = event;
    if (event.type === "candidate" && event.candidate === 1 && event.event.type === "final") firstPredicted = event.event.sql;
  }
  // The question's own limit is a result (it failed, and why); the run's signal is not (the question stays pending).
  const overTime = questionTimer?.aborted === true && options.signal?.aborted !== true;
  if (overTime) error = `time-limit: the question ran past its ${(options.timeLimitMs! / 1000).toLocaleString("en-US")} s limit and was stopped.`;
  const judgement = predicted
    ? await judgeQueries(context.judge, question.gold, predicted, { semantics: options.semantics, keepDistinct: options.keepDistinct })
    : { match: false, reason: "no-prediction" };
  let votingResult: VotingResult | undefined;
  if (vote) {
    const { type: _type, candidates, temperature, groups, winner, rule, unanswered } = vote;
    const firstMatch =
      firstPredicted === null
        ? false
        : firstPredicted === predicted
          ? judgement.match
          : (await judgeQueries(context.judge, question.gold, firstPredicted, { semantics: options.semantics, keepDistinct: options.keepDistinct })).match;
    votingResult = { candidates, temperature, groups, winner, rule, unanswered, first: { predicted: firstPredicted, match: firstMatch } };
  }
  return {
    index: question.index,
    db_id: question.dbId,
    question: question.question,
    difficulty: question.difficulty,
    gold: question.gold,
    predicted,
    match: judgement.match,
    reason: judgement.reason,
    turns: end?.turns ?? 0,
    tokens: { input: end?.usage.inputTokens ?? 0, output: end?.usage.outputTokens ?? 0 },
    latencyMs: end?.elapsedMs ?? 0,
    overheadMs: end?.overheadMs ?? 0,
    error,
    ...(votingResult ? { voting: votingResult } : {}),
  };
}

export interface BenchmarkSummary {
  questions: number;
  matches: number;
  accuracy: number;
  /** With candidate voting: the first candidate's answers judged alone, over the same questions (see VotingResult.first). */
  withoutVoting?: { matches: number; accuracy: number };
  errors: number;
  elapsedMs: number;
  questionsPerSecond: number;
  meanOverheadMs: number;
}

export function summarize(results: QuestionResult[], elapsedMs: number): BenchmarkSummary {
  const matches = results.filter((result) => result.match).length;
  const voted = results.filter((result) => result.voting);
  const firstMatches = voted.filter((result) => result.voting!.first.match).length;
  return {
    questions: results.length,
    matches,
    accuracy: results.length === 0 ? 0 : matches / results.length,
    ...(voted.length > 0 ? { withoutVoting: { matches: firstMatches, accuracy: firstMatches / voted.length } } : {}),
    errors: results.filter((result) => result.error !== null).length,
    elapsedMs,
    questionsPerSecond: elapsedMs > 0 ? results.length / (elapsedMs / 1000) : 0,
    meanOverheadMs: results.length === 0 ? 0 : results.reduce((sum, result) => sum + result.overheadMs, 0) / results.length,
  };
}

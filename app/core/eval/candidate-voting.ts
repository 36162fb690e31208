// Candidate voting: N runs of the agent on one question at once, at a temperature, each final query run through the one
// read-only executor, and the answer taken from the vote (candidate-vote.ts). The page, `querylab eval` and `ask` share it.
import type { LanguageModel } from "ai";
import { runAgent, type AgentRunOptions } from "../agent/agent-loop";
import type { AgentEvent, AgentEventOf, RunEvent, TokenUsage } from "../agent/events";
import { errorMessage } from "../error-message";
import { MAX_CANDIDATES } from "../llm/provider-presets";
import type { RecordingFetch } from "../llm/recording-fetch";
import { voteOnCandidates, type CandidateAnswer } from "./candidate-vote";
import { DEFAULT_JUDGE_TIMEOUT_MS, type ExSemantics } from "./ex-judge";
import { queryRunnerFor, type QueryRunner } from "./query-runner";

export { DEFAULT_CANDIDATE_TEMPERATURE, MAX_CANDIDATES } from "../llm/provider-presets";

export interface VotingOptions {
  /** How many agent runs; 1 is a plain run. */
  candidates: number;
  /** The temperature every candidate's LLM calls are made at (instead of settings.temperature). */
  temperature: number;
  /** How results are compared when grouping: the EX judge's rules (default spider). */
  semantics?: ExSemantics;
  /** Limit for running each final query again for the vote (default: the judge's). */
  queryTimeoutMs?: number;
  /**
   * Each candidate's own model, so each records its own raw exchanges (one shared recorder would mix parallel
   * requests). Absent: every candidate uses options.model and records nothing.
   */
  modelFor?: (candidate: number) => { model: LanguageModel; recorder?: RecordingFetch };
  /** Runs a candidate; replaceable in tests. */
  runCandidate?: typeof runAgent;
}

type CandidateEnd = { sql: string | null; result: AgentEventOf<"final">["result"]; reason: string; end: AgentEventOf<"run-end"> | null };

/**
 * Runs the candidates in parallel and yields their events as they come (wrapped: {type: "candidate", candidate, event}),
 * then the vote, the winner's final (or an error) and the run's run-end with every candidate's tokens. The signal stops
 * every candidate; a stopped run has no vote. Each candidate has 1/N of the token and cost budgets (unless the caller
 * gives its own stop conditions).
 */
export async function* runVoting(options: AgentRunOptions, voting: VotingOptions): AsyncGenerator<AgentEvent> {
  const now = options.now ?? (() => performance.now());
  const started = now();
  const count = Math.max(1, Math.min(MAX_CANDIDATES, Math.floor(voting.candidates)));
  const run = voting.runCandidate ?? runAgent;
  // The budgets are the question's, so each candidate gets its share: N runs never spend N times what Settings allow.
  const { tokenBudget, costBudgetUsd } = options.settings;
  const settings = {
    ...options.settings,
    temperature: voting.temperature,
    ...(tokenBudget === undefined ? {} : { tokenBudget: Math.floor(tokenBudget / count) }),
    ...(costBudgetUsd === undefined ? {} : { costBudgetUsd: costBudgetUsd / count }),
  };
  const queue: Array<{ candidate: number; event: RunEvent }> = [];
  let wake: (() => void) | null = null;
  let running = count;
  const ends: CandidateEnd[] = Array.from({ length: count }, () => ({ sql: null, result: undefined, reason: "it did not finish", end: null }));
  const pump = async (candidate: number) => {
    const own = voting.modelFor?.(candidate);
    try {
      for await (const event of run({ ...options, settings, model: own?.model ?? options.model, recorder: own?.recorder })) {
        const state = ends[candidate - 1]!;
        if (event.type === "final") Object.assign(state, { sql: event.sql, result: event.result });
        if (event.type === "error") state.reason = `${event.kind}: ${event.message}`;
        if (event.type === "run-end") state.end = event;
        queue.push({ candidate, event });
        wake?.();
      }
    } catch (error) {
      ends[candidate - 1]!.reason = `it failed: ${errorMessage(error)}`;
    } finally {
      running -= 1;
      wake?.();
    }
  };
  const pumps = Array.from({ length: count }, (_, index) => pump(index + 1));
  let startSent = false;
  while (running > 0 || queue.length > 0) {
    if (queue.length === 0) {
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
      continue;
    }
    const { candidate, event } = queue.shift()!;
    // The run's own start: the candidates share the question, prompt and schema, so the first one's start stands for all.
    if (!startSent && event.type === "run-start") {
      startSent = true;
      yield { ...event, runId: `vote-${event.runId}` };
    }
    yield { type: "candidate", candidate, event };
  }
  await Promise.all(pumps);

  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  for (const { end } of ends) {
    usage.inputTokens += end?.usage.inputTokens ?? 0;
    usage.outputTokens += end?.usage.outputTokens ?? 0;
  }
  const turns = Math.max(0, ...ends.map(({ end }) => end?.turns ?? 0));
  const candidatesOverheadMs = Math.max(0, ...ends.map(({ end }) => end?.overheadMs ?? 0));
  const runEnd = (status: AgentEventOf<"run-end">["status"], votingMs: number): AgentEvent => ({
    type: "run-end",
    status,
    turns,
    usage,
    elapsedMs: now() - started,
    overheadMs: candidatesOverheadMs + votingMs,
  });
  if (options.signal?.aborted) {
    yield { type: "error", kind: "stopped", message: "Stopped by the person." };
    yield runEnd("stopped", 0);
    return;
  }

  const votingStarted = now();
  const runner = queryRunnerFor(options.database);
  const answers = await executeCandidates(ends, runner, voting.queryTimeoutMs ?? DEFAULT_JUDGE_TIMEOUT_MS);
  const vote = voteOnCandidates(answers, voting.semantics ?? "spider");
  const votingMs = now() - votingStarted;
  yield {
    type: "vote",
    candidates: count,
    temperature: voting.temperature,
    groups: vote.groups,
    winner: vote.winner,
    rule: vote.rule,
    unanswered: vote.unanswered,
  };
  if (vote.answer) {
    // The rows shown are those the winning candidate's own run gave for this query (its submit_sql observation).
    yield { type: "final", turn: turns, sql: vote.answer.sql, result: ends[vote.answer.candidate - 1]!.result };
    yield runEnd("submitted", votingMs);
  } else {
    yield { type: "error", kind: "no-answer", message: vote.rule };
    yield runEnd("failed", votingMs);
  }
}

/**
 * Each candidate's final query run to completion (every row), one after another on the one executor (the database is
 * one worker: running them at once would only queue). Exported for the bench, which times it per question.
 */
export async function executeCandidates(
  ends: readonly Pick<CandidateEnd, "sql" | "reason">[],
  runner: QueryRunner,
  timeoutMs: number,
): Promise<CandidateAnswer[]> {
  const answers: CandidateAnswer[] = [];
  for (const [index, { sql, reason }] of ends.entries()) {
    const candidate = index + 1;
    answers.push(sql === null ? { candidate, sql: null, reason } : { candidate, sql, outcome: await runner.run(sql, { timeoutMs }) });
  }
  return answers;
}

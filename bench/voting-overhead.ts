// Candidate voting's cost outside the LLM, per question: running each candidate's final query to completion through the
// read-only executor, then grouping the results (the EX judge's comparison) — over the teaching benchmark, five
// candidates per question: the gold query twice (once with other spacing and a semicolon), wrapped as a subquery, cut to
// one row, and one unrelated query, so there are real groups to form.
import { readFile, writeFile } from "node:fs/promises";
import { executeCandidates } from "../app/core/eval/candidate-voting";
import { voteOnCandidates } from "../app/core/eval/candidate-vote";
import { DEFAULT_JUDGE_TIMEOUT_MS } from "../app/core/eval/ex-judge";
import { loadTeachingBenchmark } from "./teaching-benchmark-runners";
import { median, round } from "./stats";

export interface VotingOverhead {
  questions: number;
  candidates: number;
  rounds: number;
  /** Per question: executing the candidates' final queries plus grouping them. */
  perQuestionMedianMs: number;
  perQuestionP95Ms: number;
  /** The grouping alone (the queries' results already in hand). */
  groupingMedianMs: number;
  /** Questions whose vote picked a group holding the gold query, as a check that the groups are real. */
  goldWins: number;
  /** When: this figure may be merged into bench/results.json alone (see the end of this file). */
  measuredAt: string;
}

function candidatesFor(gold: string): string[] {
  const bare = gold.replace(/;\s*$/, "");
  return [bare, `${bare.replace(/\n/g, " ")} ;`, `SELECT * FROM (${bare})`, `SELECT * FROM (${bare}) LIMIT 1`, "SELECT 1 AS one"];
}

function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? Number.NaN;
}

export async function measureVotingOverhead(rounds = 3): Promise<VotingOverhead> {
  const { questions, runners } = await loadTeachingBenchmark();
  const perQuestion: number[] = [];
  const grouping: number[] = [];
  let goldWins = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const question of questions) {
      const ends = candidatesFor(question.gold).map((sql) => ({ sql, reason: "" }));
      const started = performance.now();
      const answers = await executeCandidates(ends, runners.get(question.dbId)!, DEFAULT_JUDGE_TIMEOUT_MS);
      const grouped = performance.now();
      const vote = voteOnCandidates(answers, "spider");
      const ended = performance.now();
      perQuestion.push(ended - started);
      grouping.push(ended - grouped);
      if (round === 0 && vote.groups[0]?.candidates.includes(1)) goldWins += 1;
    }
  }
  return {
    questions: questions.length,
    candidates: 5,
    rounds,
    perQuestionMedianMs: round(median(perQuestion), 3),
    perQuestionP95Ms: round(percentile(perQuestion, 0.95), 3),
    groupingMedianMs: round(median(grouping), 3),
    goldWins,
    measuredAt: new Date().toISOString(),
  };
}

// `npx tsx bench/voting-overhead.ts [--write]`: prints the figure; --write also puts it in bench/results.json as
// metrics.voting, leaving the other figures (and their date) as the last full `npm run bench` wrote them.
if (import.meta.url === `file://${process.argv[1]}`) {
  const figure = await measureVotingOverhead();
  console.log(figure);
  if (process.argv.includes("--write")) {
    const path = "bench/results.json";
    // bench/results.json is not kept in git: without a full run yet, the file holds this figure alone.
    const text = await readFile(path, "utf8").catch(() => '{"metrics": {}}');
    const results = JSON.parse(text) as { metrics: Record<string, unknown> };
    results.metrics.voting = figure;
    await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
  }
}

// EX judge throughput: the teaching benchmark's gold queries judged against themselves and against a reordered
// copy, through the same judge the CLI and the page use, in pairs per second.
import { judgeQueries } from "../app/core/eval/ex-judge";
import { loadTeachingBenchmark } from "./teaching-benchmark-runners";

export interface JudgeThroughput {
  pairs: number;
  pairsPerSecond: number;
  matches: number;
}

export async function measureJudgeThroughput(rounds = 3): Promise<JudgeThroughput> {
  const { questions, runners } = await loadTeachingBenchmark();
  // A prediction that differs only in form: wrapped as a subquery (same rows, no guaranteed order).
  const pairs = questions.flatMap((question) => [
    { runner: runners.get(question.dbId)!, gold: question.gold, predicted: question.gold },
    { runner: runners.get(question.dbId)!, gold: question.gold, predicted: `SELECT * FROM (${question.gold.replace(/;\s*$/, "")})` },
  ]);
  let matches = 0;
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    for (const pair of pairs) {
      const judgement = await judgeQueries(pair.runner, pair.gold, pair.predicted, { semantics: "spider" });
      if (round === 0 && judgement.match) matches += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { pairs: pairs.length * rounds, pairsPerSecond: (pairs.length * rounds) / seconds, matches };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(await measureJudgeThroughput());
}

// Pruning figures on the TUNING part only, for tuning the ranking without `npm run bench` and without seeing held-back
// questions: `npx tsx bench/pruning-tuning.ts [--misses] DIR...` (default: the teaching, large-schema and German benchmarks).
// `--both-parts` prints the held-back part's summary too (figures for a report; never its questions).
import { openBenchmarkPruning, pruneBenchmark, summarizePruning } from "./benchmark-pruning";

const args = process.argv.slice(2);
const showMisses = args.includes("--misses");
const directories = args.filter((arg) => !arg.startsWith("--"));
for (const directory of directories.length ? directories : ["public/benchmark", "benchmarks/large-schema", "benchmarks/german"]) {
  const benchmark = await openBenchmarkPruning(directory);
  const rows = await pruneBenchmark(benchmark, ["tuning"]);
  const cpu = rows.map((row) => row.cpuMs).sort((a, b) => a - b);
  const cpuFigures = `cpu median ${cpu[Math.floor(cpu.length / 2)]?.toFixed(1)} ms, p95 ${cpu[Math.floor(cpu.length * 0.95)]?.toFixed(1)} ms`;
  console.log(directory, JSON.stringify(benchmark.databases), JSON.stringify(summarizePruning(rows)), cpuFigures);
  if (args.includes("--both-parts")) {
    const heldBack = await pruneBenchmark(benchmark, ["held-back"]);
    console.log(`  held-back ${JSON.stringify(summarizePruning(heldBack))}`);
  }
  if (showMisses) {
    const questions = benchmark.questions.filter((question) => benchmark.parts.get(question.index) === "tuning");
    rows.forEach((row, index) => {
      if (row.missed.length)
        console.log(`  [${questions[index]!.index}] ${questions[index]!.question} — missed ${row.missed.join(", ")} (ratio ${row.ratio.toFixed(2)})`);
    });
  }
  await benchmark.close();
}

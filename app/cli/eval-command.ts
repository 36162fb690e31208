// `querylab eval`: the agent on every question of a Spider-layout benchmark, judged by execution accuracy.
import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { selectQuestions } from "../core/eval/benchmark";
import { summarize } from "../core/eval/benchmark-runner";
import { BenchmarkSession } from "../core/eval/benchmark-session";
import { createLanguageModel } from "../core/llm/providers";
import { openBenchmarkFolder, type BenchmarkFolder } from "./benchmark-files";
import { LIMITS_USAGE, LLM_OPTION_SPEC, SHARING_USAGE, limitsFrom, llmSettingsFrom, sharingFrom } from "./llm-options";
import { PRUNE_OPTION_SPEC, PRUNE_USAGE, pruningFromOptions } from "./schema-pruner";

const USAGE = `Usage: querylab eval --benchmark DIR --base-url URL --model M [--api-key K] [--limit N] [--max-turns N] [--out FILE.jsonl] [--concurrency N] [--semantics spider|bird] [--db ID[,ID]] [--difficulty easy,medium,…] ${SHARING_USAGE} ${LIMITS_USAGE} ${PRUNE_USAGE}\n`;

const EVAL_OPTIONS = {
  benchmark: { type: "string" },
  limit: { type: "string" },
  out: { type: "string" },
  concurrency: { type: "string" },
  semantics: { type: "string" },
  db: { type: "string" },
  difficulty: { type: "string" },
  ...LLM_OPTION_SPEC,
  ...PRUNE_OPTION_SPEC,
} as const;

type EvalValues = ReturnType<typeof parseArgs<{ options: typeof EVAL_OPTIONS }>>["values"];

export async function evalCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: EVAL_OPTIONS,
  });
  if (!values.benchmark || !values.model) {
    process.stderr.write(USAGE);
    return 2;
  }
  const semantics = values.semantics === "bird" ? "bird" : "spider";
  const limits = limitsFrom(values);
  const benchmark = await openBenchmarkFolder(values.benchmark, { queryLimitMs: limits.queryLimitMs });
  try {
    return await evaluate(benchmark, values, semantics, limits.questionLimitMs);
  } finally {
    await benchmark.close();
  }
}

async function evaluate(benchmark: BenchmarkFolder, values: EvalValues, semantics: "spider" | "bird", questionTimeLimitMs: number): Promise<number> {
  const settings = llmSettingsFrom(values);
  const model = createLanguageModel(settings);
  const questions = selectQuestions(benchmark.questions, {
    dbIds: values.db?.split(",").filter(Boolean),
    difficulties: values.difficulty?.split(",").filter(Boolean),
    limit: values.limit === undefined ? undefined : Number(values.limit),
  });
  // The same session the page's benchmark view runs: each database opened and indexed once, pruned the same way.
  const session = new BenchmarkSession({
    source: benchmark.source,
    pruning: await pruningFromOptions(values),
    sharing: sharingFrom(values),
    semantics,
    modelFor: () => ({ model, settings }),
    onIndexed: (dbId, report) => {
      for (const warning of report.warnings) process.stderr.write(`${dbId}: ${warning}\n`);
    },
  });
  const out = values.out ? createWriteStream(values.out) : null;
  const started = performance.now();
  let done = 0;
  let matches = 0;
  const ran = await session.run(
    questions.map((question) => ({ question, model: settings.model })),
    {
      concurrency: Number(values.concurrency ?? 1),
      questionTimeLimitMs,
      onResult: ({ question }, result) => {
        done += 1;
        if (result.match) matches += 1;
        const { model: _model, ...line } = result;
        out?.write(`${JSON.stringify(line)}\n`);
        process.stderr.write(
          `[${done}/${questions.length}] ${result.match ? "✓" : "✗"} ${question.dbId}: ${question.question.slice(0, 70)}${result.error ? ` (${result.error.slice(0, 80)})` : ""}  accuracy ${((matches / done) * 100).toFixed(1)}%\n`,
        );
      },
    },
  );
  await new Promise<void>((resolve) => (out ? out.end(resolve) : resolve()));
  const summary = summarize(
    ran.filter((result) => result !== undefined),
    performance.now() - started,
  );
  process.stdout.write(
    `Execution accuracy (${semantics}): ${summary.matches}/${summary.questions} = ${(summary.accuracy * 100).toFixed(1)}%\n` +
      `Errors: ${summary.errors}; ${summary.questionsPerSecond.toFixed(2)} questions/s; agent overhead ${summary.meanOverheadMs.toFixed(1)} ms per question outside the model\n`,
  );
  process.stdout.write(`${JSON.stringify({ summary })}\n`);
  return 0;
}

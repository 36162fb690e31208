// `querylab eval`: the agent on every question of a Spider-layout benchmark, judged by execution accuracy.
import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { selectQuestions } from "../core/eval/benchmark";
import { withDifficulties } from "../core/eval/hardness";
import { accuracyByDifficulty } from "../core/eval/difficulty-labels";
import { summarize } from "../core/eval/benchmark-runner";
import { costByModel } from "../core/eval/run-cost";
import { formatCount } from "../core/format";
import { formatUsd, priceOf, type ModelPrice } from "../core/llm/model-prices";
import { BenchmarkSession } from "../core/eval/benchmark-session";
import { createLanguageModel } from "../core/llm/providers";
import { openBenchmarkFolder, type BenchmarkFolder } from "./benchmark-files";
import { LIMITS_USAGE, LLM_OPTION_SPEC, SHARING_USAGE, VOTING_USAGE, limitsFrom, llmSettingsFrom, sharingFrom, votingFrom } from "./llm-options";
import { PRUNE_OPTION_SPEC, PRUNE_USAGE, pruningFromOptions } from "./schema-pruner";
import { SEMANTICS_HELP, SEMANTICS_OPTION_SPEC, SEMANTICS_USAGE, semanticsFrom, semanticsLabel, type SemanticsChoice } from "./semantics-options";

const USAGE = `Usage: querylab eval --benchmark DIR --base-url URL --model M [--api-key K] [--limit N] [--max-turns N] [--out FILE.jsonl] [--concurrency N] ${SEMANTICS_USAGE} [--db ID[,ID]] [--difficulty easy,medium,…] [--price-in USD --price-out USD] ${VOTING_USAGE} ${SHARING_USAGE} ${LIMITS_USAGE} ${PRUNE_USAGE}
${SEMANTICS_HELP}
A benchmark without difficulty labels gets Spider's hardness of each gold query (easy, medium, hard, extra); BIRD's own
labels (simple, moderate, challenging) are used as they are.\n`;

const EVAL_OPTIONS = {
  benchmark: { type: "string" },
  limit: { type: "string" },
  out: { type: "string" },
  concurrency: { type: "string" },
  ...SEMANTICS_OPTION_SPEC,
  db: { type: "string" },
  difficulty: { type: "string" },
  // USD per million input / output tokens, for a model the price table does not know (or at another price).
  "price-in": { type: "string" },
  "price-out": { type: "string" },
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
  const semantics = semanticsFrom(values);
  // Checked before the run, so a mistyped price does not surface only after an hour of questions.
  priceFromOptions(values);
  votingFrom(values);
  const limits = limitsFrom(values);
  const benchmark = await openBenchmarkFolder(values.benchmark, { queryLimitMs: limits.queryLimitMs });
  try {
    return await evaluate(benchmark, values, semantics, limits.questionLimitMs);
  } finally {
    await benchmark.close();
  }
}

async function evaluate(benchmark: BenchmarkFolder, values: EvalValues, semantics: SemanticsChoice, questionTimeLimitMs: number): Promise<number> {
  const settings = llmSettingsFrom(values);
  const model = createLanguageModel(settings);
  const voting = votingFrom(values);
  // As in the page: the benchmark's own difficulty labels, else Spider's hardness of each gold query.
  const questions = selectQuestions(withDifficulties(benchmark.questions).questions, {
    dbIds: values.db?.split(",").filter(Boolean),
    difficulties: values.difficulty?.split(",").filter(Boolean),
    limit: values.limit === undefined ? undefined : Number(values.limit),
  });
  // The same session the page's benchmark view runs: each database opened and indexed once, pruned the same way.
  const session = new BenchmarkSession({
    source: benchmark.source,
    pruning: await pruningFromOptions(values),
    sharing: sharingFrom(values),
    ...semantics,
    modelFor: () => ({ model, settings }),
    voting: () => voting,
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
        const vote = result.voting
          ? ` (vote: ${result.voting.groups.map((group) => group.candidates.length).join("/") || "no answer"} of ${result.voting.candidates})`
          : "";
        process.stderr.write(
          `[${done}/${questions.length}] ${result.match ? "✓" : "✗"}${vote} ${question.dbId}: ${question.question.slice(0, 70)}${result.error ? ` (${result.error.slice(0, 80)})` : ""}  accuracy ${((matches / done) * 100).toFixed(1)}%\n`,
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
    `Execution accuracy (${semanticsLabel(semantics)}): ${summary.matches}/${summary.questions} = ${(summary.accuracy * 100).toFixed(1)}%\n` +
      `By difficulty: ${accuracyByDifficulty(ran.filter((result) => result !== undefined))
        .map(({ difficulty, matches, questions }) => `${difficulty} ${matches}/${questions}`)
        .join(", ")}\n` +
      (summary.withoutVoting
        ? `Without voting (candidate 1 alone, same questions): ${summary.withoutVoting.matches}/${summary.questions} = ${(summary.withoutVoting.accuracy * 100).toFixed(1)}%; ${voting!.candidates} candidates at temperature ${voting!.temperature}\n`
        : "") +
      `Errors: ${summary.errors}; ${summary.questionsPerSecond.toFixed(2)} questions/s; agent overhead ${summary.meanOverheadMs.toFixed(1)} ms per question outside the model\n`,
  );
  const cost = costLine(
    ran.filter((result) => result !== undefined),
    settings.model,
    priceFromOptions(values) ?? priceOf(settings.prices, settings.model, settings.baseUrl),
  );
  process.stdout.write(`${cost.text}\n`);
  process.stdout.write(`${JSON.stringify({ summary, cost: cost.json })}\n`);
  return 0;
}

/** --price-in and --price-out together (USD per million tokens), or neither; throws on one alone or a bad number. */
export function priceFromOptions(values: { "price-in"?: string; "price-out"?: string }): Pick<ModelPrice, "inputUsdPerMillion" | "outputUsdPerMillion"> | null {
  const [input, output] = [values["price-in"], values["price-out"]];
  if (input === undefined && output === undefined) return null;
  if (input === undefined || output === undefined) throw new Error("--price-in and --price-out go together (USD per million input and output tokens)");
  const read = (name: string, text: string) => {
    const value = Number(text);
    if (text.trim() === "" || !Number.isFinite(value) || value < 0) throw new Error(`--${name} must be USD per million tokens (0 or more), not ${text}`);
    return value;
  };
  return { inputUsdPerMillion: read("price-in", input), outputUsdPerMillion: read("price-out", output) };
}

/** The summary's tokens and, when the model's price is known, its cost; a model without one says how to give it. */
export function costLine(
  results: readonly { tokens: { input: number; output: number } }[],
  model: string,
  price: Pick<ModelPrice, "inputUsdPerMillion" | "outputUsdPerMillion"> | null,
): { text: string; json: { inputTokens: number; outputTokens: number; usd: number | null } } {
  const [row] = costByModel(
    results.map((result) => ({ model, tokens: result.tokens })),
    () => price,
  );
  const inputTokens = row?.inputTokens ?? 0;
  const outputTokens = row?.outputTokens ?? 0;
  const usd = price ? (row?.costUsd ?? 0) : null;
  const tokens = `Tokens: ${formatCount(inputTokens)} in, ${formatCount(outputTokens)} out`;
  const text =
    price === null
      ? `${tokens}; cost unknown: no price for ${model} (give --price-in and --price-out, USD per million tokens)`
      : `${tokens}; cost ${formatUsd(usd!)} at $${price.inputUsdPerMillion} in / $${price.outputUsdPerMillion} out per million tokens`;
  return { text, json: { inputTokens, outputTokens, usd } };
}

// `querylab eval`: the agent on every question of a Spider-layout benchmark, judged by execution accuracy.
import { createWriteStream } from "node:fs";
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import initSqlJs from "sql.js";
import { SqliteEngine } from "../core/db/sqljs-engine";
import { selectQuestions } from "../core/eval/benchmark";
import { evaluateQuestion, mapWithConcurrency, summarize, type QuestionContext } from "../core/eval/benchmark-runner";
import { failedQuestionResult } from "../core/eval/question-result";
import { createSqlJsQueryRunner } from "../core/eval/query-runner";
import { createLanguageModel } from "../core/llm/providers";
import { databasePath, readBenchmarkQuestions } from "./benchmark-files";
import { LLM_OPTION_SPEC, llmSettingsFrom } from "./llm-options";
import { PRUNE_OPTION_SPEC, PRUNE_USAGE, prunerFromOptions } from "./schema-pruner";

const USAGE = `Usage: querylab eval --benchmark DIR --base-url URL --model M [--api-key K] [--limit N] [--max-turns N] [--out FILE.jsonl] [--concurrency N] [--semantics spider|bird] [--db ID[,ID]] [--difficulty easy,medium,…] ${PRUNE_USAGE}\n`;

export async function evalCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      benchmark: { type: "string" },
      limit: { type: "string" },
      out: { type: "string" },
      concurrency: { type: "string" },
      semantics: { type: "string" },
      db: { type: "string" },
      difficulty: { type: "string" },
      ...LLM_OPTION_SPEC,
      ...PRUNE_OPTION_SPEC,
    },
  });
  if (!values.benchmark || !values.model) {
    process.stderr.write(USAGE);
    return 2;
  }
  const semantics = values.semantics === "bird" ? "bird" : "spider";
  const settings = llmSettingsFrom(values);
  const model = createLanguageModel(settings);
  const questions = selectQuestions(await readBenchmarkQuestions(values.benchmark), {
    dbIds: values.db?.split(",").filter(Boolean),
    difficulties: values.difficulty?.split(",").filter(Boolean),
    limit: values.limit === undefined ? undefined : Number(values.limit),
  });
  const SQL = await initSqlJs();
  // One engine (for the agent) and one judge connection per database, shared by that database's questions.
  const contexts = new Map<string, Promise<QuestionContext>>();
  const contextFor = (dbId: string) => {
    let context = contexts.get(dbId);
    if (!context) {
      context = (async () => {
        const bytes = new Uint8Array(await readFile(await databasePath(values.benchmark!, dbId)));
        const engine = new SqliteEngine(SQL);
        const opened = await engine.open(bytes);
        if (!opened.ok) throw new Error(`${dbId}: ${opened.error.message}`);
        const pruner = await prunerFromOptions(engine, values);
        return { database: engine, judge: createSqlJsQueryRunner(new SQL.Database(bytes)), ...(pruner ? { pruner } : {}) };
      })();
      contexts.set(dbId, context);
    }
    return context;
  };
  const out = values.out ? createWriteStream(values.out) : null;
  const started = performance.now();
  let done = 0;
  let matches = 0;
  const results = await mapWithConcurrency(questions, Number(values.concurrency ?? 1), async (question) => {
    const result = await evaluateQuestion(question, await contextFor(question.dbId), { model, settings, semantics }).catch((error: unknown) =>
      failedQuestionResult(question, error instanceof Error ? error.message : String(error)),
    );
    done += 1;
    if (result.match) matches += 1;
    out?.write(`${JSON.stringify(result)}\n`);
    process.stderr.write(`[${done}/${questions.length}] ${result.match ? "✓" : "✗"} ${question.dbId}: ${question.question.slice(0, 70)}${result.error ? ` (${result.error.slice(0, 80)})` : ""}  accuracy ${((matches / done) * 100).toFixed(1)}%\n`);
    return result;
  });
  await new Promise<void>((resolve) => (out ? out.end(resolve) : resolve()));
  const summary = summarize(results, performance.now() - started);
  process.stdout.write(
    `Execution accuracy (${semantics}): ${summary.matches}/${summary.questions} = ${(summary.accuracy * 100).toFixed(1)}%\n` +
      `Errors: ${summary.errors}; ${summary.questionsPerSecond.toFixed(2)} questions/s; agent overhead ${summary.meanOverheadMs.toFixed(1)} ms per question outside the model\n`,
  );
  process.stdout.write(`${JSON.stringify({ summary })}\n`);
  return 0;
}

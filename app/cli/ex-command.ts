// `querylab ex`: judges gold/predicted SQL pairs by execution accuracy, one JSON line per pair.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { errorMessage } from "../core/error-message";
import { DEFAULT_JUDGE_TIMEOUT_MS, judgeQueries } from "../core/eval/ex-judge";
import { SEMANTICS_HELP, SEMANTICS_OPTION_SPEC, SEMANTICS_USAGE, semanticsFrom, semanticsLabel, type SemanticsChoice } from "./semantics-options";
import { openWatchedDatabaseFile, type WatchedDatabase } from "./watched-database";

const pairSchema = z.object({ id: z.union([z.string(), z.number()]), db: z.string(), gold: z.string(), pred: z.string() });

export const EX_USAGE = `  ex --pairs FILE.jsonl ${SEMANTICS_USAGE} [--timeout MS]
                                 Judge {"id", "db", "gold", "pred"} lines (db relative to the file) by execution;
                                 one {"id", "match", "reason"} line each, the count of matches at the end.
${SEMANTICS_HELP}
`;

export async function exCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { pairs: { type: "string" }, timeout: { type: "string" }, ...SEMANTICS_OPTION_SPEC } });
  if (!values.pairs) {
    process.stderr.write(`Usage:\n${EX_USAGE}`);
    return 2;
  }
  let choice: SemanticsChoice;
  try {
    choice = semanticsFrom(values);
  } catch (error) {
    process.stderr.write(`${errorMessage(error)}\n`);
    return 2;
  }
  const timeoutMs = values.timeout ? Number(values.timeout) : DEFAULT_JUDGE_TIMEOUT_MS;
  // Each database in a watched thread: a predicted query stuck in one SQLite step is ended at the time limit.
  const databases = new Map<string, WatchedDatabase>();
  try {
    return await judgeLines(values.pairs, choice, timeoutMs, databases);
  } finally {
    await Promise.all([...databases.values()].map((database) => database.close()));
  }
}

async function judgeLines(pairsPath: string, choice: SemanticsChoice, timeoutMs: number, databases: Map<string, WatchedDatabase>): Promise<number> {
  const lines = (await readFile(pairsPath, "utf8")).split("\n").filter((line) => line.trim() !== "");
  let matches = 0;
  for (const [lineIndex, line] of lines.entries()) {
    const parsed = pairSchema.safeParse(JSON.parse(line));
    if (!parsed.success) {
      process.stderr.write(`Line ${lineIndex + 1}: expected {"id", "db", "gold", "pred"}.\n`);
      return 1;
    }
    const pair = parsed.data;
    const path = resolve(dirname(pairsPath), pair.db);
    let watched = databases.get(path);
    if (!watched) {
      watched = await openWatchedDatabaseFile(path, timeoutMs);
      databases.set(path, watched);
    }
    const { database } = watched;
    const judgement = await judgeQueries({ run: (sql, options) => database.runForJudge(sql, options) }, pair.gold, pair.pred, { ...choice, timeoutMs });
    if (judgement.match) matches += 1;
    process.stdout.write(`${JSON.stringify({ id: pair.id, match: judgement.match, reason: judgement.reason })}\n`);
  }
  process.stderr.write(`${matches}/${lines.length} pairs match (${semanticsLabel(choice)}).\n`);
  return 0;
}

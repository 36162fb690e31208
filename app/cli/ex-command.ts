// `querylab ex`: judges gold/predicted SQL pairs by execution accuracy, one JSON line per pair.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import initSqlJs, { type Database } from "sql.js";
import { z } from "zod";
import { judgeQueries } from "../core/eval/ex-judge";
import { createSqlJsQueryRunner, type QueryRunner } from "../core/eval/query-runner";

const pairSchema = z.object({ id: z.union([z.string(), z.number()]), db: z.string(), gold: z.string(), pred: z.string() });

export async function exCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { pairs: { type: "string" }, semantics: { type: "string" }, timeout: { type: "string" } } });
  if (!values.pairs) {
    process.stderr.write("Usage: querylab ex --pairs FILE.jsonl [--semantics spider|bird] [--timeout MS]\n");
    return 2;
  }
  const semantics = values.semantics === "bird" ? "bird" : "spider";
  const SQL = await initSqlJs();
  const runners = new Map<string, { runner: QueryRunner; database: Database }>();
  const lines = (await readFile(values.pairs, "utf8")).split("\n").filter((line) => line.trim() !== "");
  let matches = 0;
  for (const [lineIndex, line] of lines.entries()) {
    const parsed = pairSchema.safeParse(JSON.parse(line));
    if (!parsed.success) {
      process.stderr.write(`Line ${lineIndex + 1}: expected {"id", "db", "gold", "pred"}.\n`);
      return 1;
    }
    const pair = parsed.data;
    const path = resolve(dirname(values.pairs), pair.db);
    let entry = runners.get(path);
    if (!entry) {
      const database = new SQL.Database(new Uint8Array(await readFile(path)));
      entry = { runner: createSqlJsQueryRunner(database), database };
      runners.set(path, entry);
    }
    const judgement = await judgeQueries(entry.runner, pair.gold, pair.pred, { semantics, timeoutMs: values.timeout ? Number(values.timeout) : undefined });
    if (judgement.match) matches += 1;
    process.stdout.write(`${JSON.stringify({ id: pair.id, match: judgement.match, reason: judgement.reason })}\n`);
  }
  process.stderr.write(`${matches}/${lines.length} pairs match.\n`);
  for (const { database } of runners.values()) database.close();
  return 0;
}

// `querylab ex`: judges gold/predicted SQL pairs by execution accuracy, one JSON line per pair.
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { z } from "zod";
import { DEFAULT_JUDGE_TIMEOUT_MS, judgeQueries } from "../core/eval/ex-judge";
import { openWatchedDatabaseFile, type WatchedDatabase } from "./watched-database";

const pairSchema = z.object({ id: z.union([z.string(), z.number()]), db: z.string(), gold: z.string(), pred: z.string() });

export async function exCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { pairs: { type: "string" }, semantics: { type: "string" }, timeout: { type: "string" } } });
  if (!values.pairs) {
    process.stderr.write("Usage: querylab ex --pairs FILE.jsonl [--semantics spider|bird] [--timeout MS]\n");
    return 2;
  }
  const semantics = values.semantics === "bird" ? "bird" : "spider";
  const timeoutMs = values.timeout ? Number(values.timeout) : DEFAULT_JUDGE_TIMEOUT_MS;
  // Each database in a watched thread: a predicted query stuck in one SQLite step is ended at the time limit.
  const databases = new Map<string, WatchedDatabase>();
  try {
    return await judgeLines(values.pairs, semantics, timeoutMs, databases);
  } finally {
    await Promise.all([...databases.values()].map((database) => database.close()));
  }
}

async function judgeLines(pairsPath: string, semantics: "spider" | "bird", timeoutMs: number, databases: Map<string, WatchedDatabase>): Promise<number> {
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
    const judgement = await judgeQueries({ run: (sql, options) => database.runForJudge(sql, options) }, pair.gold, pair.pred, { semantics, timeoutMs });
    if (judgement.match) matches += 1;
    process.stdout.write(`${JSON.stringify({ id: pair.id, match: judgement.match, reason: judgement.reason })}\n`);
  }
  process.stderr.write(`${matches}/${lines.length} pairs match.\n`);
  return 0;
}

// The teaching benchmark's questions with a read-only runner per sample database, loaded from the files the page serves:
// what the EX judge and candidate voting figures both measure against.
import { readFile } from "node:fs/promises";
import initSqlJs from "sql.js";
import { parseBenchmarkQuestions, type BenchmarkQuestion } from "../app/core/eval/benchmark";
import { createSqlJsQueryRunner, type QueryRunner } from "../app/core/eval/query-runner";

export interface TeachingBenchmark {
  questions: BenchmarkQuestion[];
  /** One runner per database the questions name, keyed by db_id. */
  runners: Map<string, QueryRunner>;
}

export async function loadTeachingBenchmark(): Promise<TeachingBenchmark> {
  const SQL = await initSqlJs();
  const parsed = parseBenchmarkQuestions(await readFile("public/benchmark/dev.json", "utf8"));
  if (!parsed.ok) throw new Error(parsed.message);
  const runners = new Map<string, QueryRunner>();
  for (const dbId of new Set(parsed.questions.map((question) => question.dbId))) {
    runners.set(dbId, createSqlJsQueryRunner(new SQL.Database(new Uint8Array(await readFile(`public/samples/${dbId}.sqlite`)))));
  }
  return { questions: parsed.questions, runners };
}

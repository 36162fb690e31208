// Where the page's benchmarks come from (a chosen folder, a .zip, the bundled teaching benchmark), as the core's
// BenchmarkSource: one SQLite worker per database, so questions on different databases run side by side.
import { parseBenchmarkQuestions, type BenchmarkQuestion } from "../core/eval/benchmark";
import { locateBenchmark } from "../core/eval/benchmark-layout";
import type { BenchmarkDatabase, BenchmarkSource } from "../core/eval/benchmark-session";
import type { BenchmarkFile } from "../core/schema/benchmark-descriptions";
import { QueryWatchdog } from "../core/db/query-watchdog";
import { watchedBenchmarkDatabase } from "../core/eval/watched-benchmark-database";
import { createSqliteConnection } from "./services";
import type { SqliteConnectionHandle } from "./sqlite-connection";

/** A file's bytes, read when needed: a chosen folder's File, a .zip entry, a URL. */
export type ReadBytes = () => Promise<Uint8Array>;

export interface PageBenchmark {
  name: string;
  /** Questions whose database is present. */
  questions: BenchmarkQuestion[];
  /** Databases the questions name that the benchmark lacks (their questions are left out). */
  missing: string[];
  source: BenchmarkSource & {
    /** Ends every worker the benchmark started. */
    close(): void;
  };
}

/** Makes a connection to a fresh SQLite worker; unit tests pass an in-process one. */
export type ConnectionFactory = () => SqliteConnectionHandle | Promise<SqliteConnectionHandle>;

const workerConnection: ConnectionFactory = () => createSqliteConnection();

/** A source whose databases open in their own connection each, made on first use and kept until close(). */
function connectionSource(
  readDatabase: (dbId: string) => ReadBytes | null,
  readDescriptions: (dbId: string) => Array<{ path: string; read: ReadBytes }>,
  connect: ConnectionFactory,
): PageBenchmark["source"] {
  const connections = new Map<string, Promise<{ connection: SqliteConnectionHandle; database: BenchmarkDatabase }>>();
  return {
    async openDatabase(dbId): Promise<BenchmarkDatabase> {
      const read = readDatabase(dbId);
      if (!read) throw new Error(`The benchmark has no database for ${dbId}.`);
      let opening = connections.get(dbId);
      if (!opening) {
        opening = (async () => {
          const connection = await connect();
          const opened = await connection.engine.open(await read());
          if (!opened.ok) {
            connection.terminate();
            throw new Error(`${dbId}: ${opened.error.message}`);
          }
          // Every query (the agent's, the judge's) under its limit: one stuck inside a SQLite step ends this worker,
          // and the database is read and opened again in a new one. The limits are the benchmark's own (the tools'
          // and the judge's defaults), not the workspace setting, so a measurement does not depend on it.
          const watchdog = new QueryWatchdog<BenchmarkDatabase>({
            get engine() {
              return connection.engine;
            },
            async restart() {
              connection.restart();
              const reopened = await connection.engine.open(await read());
              if (!reopened.ok) throw new Error(`${dbId}: ${reopened.error.message}`);
            },
          });
          return { connection, database: watchedBenchmarkDatabase(watchdog) };
        })();
        opening.catch(() => connections.delete(dbId));
        connections.set(dbId, opening);
      }
      return (await opening).database;
    },
    async descriptionFiles(dbId): Promise<BenchmarkFile[]> {
      return Promise.all(readDescriptions(dbId).map(async (file) => ({ path: file.path, content: await file.read() })));
    },
    close() {
      for (const opening of connections.values()) void opening.then(({ connection }) => connection.terminate()).catch(() => undefined);
      connections.clear();
    },
  };
}

/**
 * A benchmark in the Spider or BIRD layout among a set of files by path (a chosen folder or an unpacked .zip),
 * read with the same layout rules as `querylab eval`; or a message saying what is missing.
 */
export async function benchmarkFromFiles(
  name: string,
  files: Map<string, ReadBytes>,
  connect: ConnectionFactory = workerConnection,
): Promise<{ ok: true; benchmark: PageBenchmark } | { ok: false; message: string }> {
  const located = locateBenchmark([...files.keys()]);
  if (!located.ok) return { ok: false, message: `${name}: ${located.message}` };
  const { layout } = located;
  const parsed = parseBenchmarkQuestions(new TextDecoder().decode(await files.get(layout.questionsPath)!()));
  if (!parsed.ok) return { ok: false, message: `${layout.questionsPath}: ${parsed.message}` };
  const missing = [...new Set(parsed.questions.map((question) => question.dbId))].filter((dbId) => layout.databasePath(dbId) === null);
  const source = connectionSource(
    (dbId) => {
      const path = layout.databasePath(dbId);
      return path ? files.get(path)! : null;
    },
    (dbId) => layout.descriptionPaths(dbId).map((path) => ({ path: path.slice(layout.root.length), read: files.get(path)! })),
    connect,
  );
  return { ok: true, benchmark: { name, questions: parsed.questions.filter((question) => !missing.includes(question.dbId)), missing, source } };
}

async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Could not load ${url} (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

export const TEACHING_BENCHMARK_NAME = "Teaching benchmark";

/**
 * The bundled teaching benchmark: public/benchmark/dev.json and tables.json, over the sample databases beside it
 * (public/samples), the same files `querylab eval --benchmark public/benchmark` reads.
 */
export async function teachingBenchmark(
  base: string,
  connect: ConnectionFactory = workerConnection,
  fetchFile: (url: string) => Promise<Uint8Array> = fetchBytes,
): Promise<PageBenchmark> {
  const parsed = parseBenchmarkQuestions(new TextDecoder().decode(await fetchFile(`${base}benchmark/dev.json`)));
  if (!parsed.ok) throw new Error(`The teaching benchmark could not be read (${parsed.message}).`);
  const source = connectionSource(
    (dbId) => () => fetchFile(`${base}samples/${dbId}.sqlite`),
    () => [{ path: "tables.json", read: () => fetchFile(`${base}benchmark/tables.json`) }],
    connect,
  );
  return { name: TEACHING_BENCHMARK_NAME, questions: parsed.questions, missing: [], source };
}

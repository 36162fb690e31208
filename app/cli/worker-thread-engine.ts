// A database opened in a Node worker thread: the CLI's queries for the agent and the judge run there, so a query
// stuck inside one SQLite step can be ended (the thread is terminated) and the database reopened from its bytes.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter.mjs";
import type { DatabaseService } from "../core/database-service";
import { endableEngine, engineGeneration, type RestartableEngine } from "../core/db/query-watchdog";

export type ThreadEngine = Comlink.Remote<DatabaseService>;

/**
 * Starts the thread entry beside this file. Run from TypeScript sources (tsx, vitest), the thread needs tsx's
 * loader too: tsx registers it in the main thread only, and `--import tsx` in a thread's execArgv does not take on
 * Node 20, so a two-line bootstrap registers it through tsx's API before importing the entry.
 */
function startThread(): Worker {
  if (!import.meta.url.endsWith(".ts")) return new Worker(new URL("./sqlite-thread.js", import.meta.url));
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/package.json")
      .replace(/package\.json$/, "dist/esm/api/index.mjs"),
  ).href;
  const entry = new URL("./sqlite-thread.ts", import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
}

export class WorkerThreadEngine implements RestartableEngine<ThreadEngine> {
  private worker!: Worker;
  private current!: ThreadEngine;
  private generation = engineGeneration();

  private constructor(private readonly bytes: Uint8Array) {}

  /** Starts a thread and opens the database in it; throws with SQLite's reason when the bytes are no database. */
  static async open(bytes: Uint8Array): Promise<WorkerThreadEngine> {
    const host = new WorkerThreadEngine(bytes);
    await host.start();
    return host;
  }

  get engine(): ThreadEngine {
    return this.current;
  }

  private async start(): Promise<void> {
    this.generation = engineGeneration();
    this.worker = startThread();
    // A thread that dies on its own (out of memory) ends its pending calls the same way a restart does.
    const generation = this.generation;
    this.worker.once("error", (error) => generation.end(`the SQLite thread failed: ${error.message}`));
    this.worker.once("exit", () => generation.end("the SQLite thread ended"));
    this.current = endableEngine(Comlink.wrap<DatabaseService>(nodeEndpoint(this.worker)), this.generation.ended);
    // A copy: the first open transfers nothing, but keeping our own bytes untouched makes every reopen identical.
    const opened = await this.current.open(this.bytes.slice());
    if (!opened.ok) {
      await this.close();
      throw new Error(opened.error.message);
    }
  }

  async restart(reason: string): Promise<void> {
    this.generation.end(reason);
    await this.worker.terminate();
    await this.start();
  }

  /** Ends the thread for good; the process can exit once every thread is closed. */
  async close(): Promise<void> {
    this.generation.end("closed");
    await this.worker.terminate();
  }
}

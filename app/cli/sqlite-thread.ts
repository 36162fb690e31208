// Worker-thread entry for the command line: the same database service the page's worker exposes, in a thread the
// CLI can end when a query will not stop (sql.js cannot interrupt a statement).
import { parentPort } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter.mjs";
import { whenReady } from "../core/db/when-ready";
import { createEngine } from "./node-engine";

if (!parentPort) throw new Error("sqlite-thread runs as a worker thread.");
Comlink.expose(whenReady(createEngine()), nodeEndpoint(parentPort));

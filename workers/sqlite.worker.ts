// Worker entry: composes the database service (engine + profile + judge) over sql.js and exposes it with comlink. Thin, so the logic is testable in Node.
import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import wasmUrl from "sql.js/dist/sql-wasm-browser.wasm?url";
import { DatabaseService } from "../app/core/database-service";
import { whenReady } from "../app/core/db/when-ready";
import { limitRequests } from "./fetch-guard";

// Databases arrive as bytes from the page, so the only request this worker makes is for its own WASM, once; after
// that it makes none, whatever a query or a library asks.
const wasm = new URL(wasmUrl, self.location.href).href;
let wasmLoaded = false;
limitRequests(self, {
  worker: "SQLite worker",
  allows: "its own WASM file, before it has loaded (it needs no network)",
  allowed: (url) => !wasmLoaded && url.href === wasm,
});

const service = initSqlJs({ locateFile: () => wasmUrl }).then((SQL) => {
  wasmLoaded = true;
  return DatabaseService.create(SQL);
});
Comlink.expose(whenReady(service));

// Worker entry: composes the database service (engine + profile + judge) over sql.js and exposes it with comlink. Thin, so the logic is testable in Node.
import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import wasmUrl from "sql.js/dist/sql-wasm-browser.wasm?url";
import { DatabaseService } from "../app/core/database-service";
import { whenReady } from "../app/core/db/when-ready";

Comlink.expose(whenReady(initSqlJs({ locateFile: () => wasmUrl }).then((SQL) => DatabaseService.create(SQL))));

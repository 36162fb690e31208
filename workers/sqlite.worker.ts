// Worker entry: the sql.js engine from app/core, exposed over comlink. Kept thin so the logic is testable in Node.
import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import wasmUrl from "sql.js/dist/sql-wasm-browser.wasm?url";
import { SqliteEngine } from "../app/core/db/sqljs-engine";
import { whenReady } from "../app/core/db/when-ready";

Comlink.expose(whenReady(initSqlJs({ locateFile: () => wasmUrl }).then((SQL) => new SqliteEngine(SQL))));

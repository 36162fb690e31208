// The worker floor's SQLite: its WASM (compiled as it downloads) and the database are fetched before sql.js's script
// is loaded, so the three downloads overlap as the main-thread floor's do; then the table names and the first table's
// rows are posted to the page.
/* global initSqlJs, importScripts */
const wasmModule = WebAssembly.compileStreaming(fetch("sql-wasm-browser.wasm"));
const databaseBytes = fetch("demo.sqlite").then((response) => response.arrayBuffer());
importScripts("sql-wasm-browser.js");
const sqlJs = initSqlJs({
  instantiateWasm(imports, receiveInstance) {
    wasmModule.then((module) => WebAssembly.instantiate(module, imports)).then((instance) => receiveInstance(instance, module));
    return {};
  },
});
Promise.all([sqlJs, databaseBytes]).then(([SQL, bytes]) => {
  const database = new SQL.Database(new Uint8Array(bytes));
  const [tables] = database.exec("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
  const names = tables ? tables.values.map(([name]) => name) : [];
  const first = names.length > 0 ? database.exec(`SELECT * FROM "${names[0].replaceAll('"', '""')}"`)[0] : null;
  postMessage({ names, first });
});

// The floor page's script: the database download and sql.js's WASM start together, as a minimal playground's would;
// then the tables are listed and the first one's rows shown, all on the main thread.
/* global initSqlJs */
const databaseBytes = fetch("demo.sqlite").then((response) => response.arrayBuffer());
const sqlJs = initSqlJs({ locateFile: (file) => file });

function cell(tag, text) {
  const element = document.createElement(tag);
  element.textContent = text === null ? "NULL" : String(text);
  return element;
}

function showResult(result) {
  const header = document.createElement("tr");
  header.append(...result.columns.map((column) => cell("th", column)));
  const rows = result.values.map((values) => {
    const row = document.createElement("tr");
    row.append(...values.map((value) => cell("td", value)));
    return row;
  });
  document.getElementById("rows").replaceChildren(header, ...rows);
}

Promise.all([sqlJs, databaseBytes]).then(([SQL, bytes]) => {
  const database = new SQL.Database(new Uint8Array(bytes));
  const [tables] = database.exec("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name");
  const names = tables ? tables.values.map(([name]) => name) : [];
  document.getElementById("tables").append(...names.map((name) => cell("li", name)));
  if (names.length > 0) showResult(database.exec(`SELECT * FROM "${names[0].replaceAll('"', '""')}"`)[0]);
  // The playground's Run: the query on the main thread, its rows shown (bench/responsiveness.ts times the page meanwhile).
  window.runFloorQuery = (sql) => {
    const [result] = database.exec(sql);
    if (result) showResult(result);
    return result ? result.values : [];
  };
  const status = document.getElementById("status");
  status.textContent = `Ready: ${names.length} table(s)`;
  status.dataset.state = "ready";
});

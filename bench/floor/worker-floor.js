// The worker floor page's script: draws the tables and the first table's rows the worker (started by the page's head,
// worker.html) answers with. Nothing else runs on the page's main thread.
/* global worker */

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

worker.onmessage = (event) => {
  const { names, first } = event.data;
  document.getElementById("tables").append(...names.map((name) => cell("li", name)));
  if (first) showResult(first);
  const status = document.getElementById("status");
  status.textContent = `Ready: ${names.length} table(s)`;
  status.dataset.state = "ready";
};

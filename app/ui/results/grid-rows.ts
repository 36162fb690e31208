// The result grid's rows, kept in the DOM by hand rather than by Preact: a run's new result writes its values into the
// row and cell elements the last one left (the same rows 1, 2, 3…), and scrolling hands the rows that left the view to
// the ones entering it. Rendered by Preact, every row and cell was a virtual node to build and diff on each result:
// from the result stored to its rows in the DOM took 1.40-1.55 ms for the bench's small queries, 1.15-1.30 ms written
// here, and key press → rows over native went from 3.47-4.06 ms to 3.27-3.61 ms (3 runs each; issue #14).
import type { ResultValue } from "../../core/db/types";
import { formatCount } from "../../core/format";
import { blobSummary } from "./cell-text";

export interface CellPosition {
  row: number;
  column: number;
}

/** What the rows show: the virtualizer's items in view, and how to read a row (undefined while its page loads). */
export interface GridRowsState {
  items: readonly { index: number; start: number }[];
  columnCount: number;
  /** The CSS grid template of each row, the same as the header's. */
  template: string;
  rowHeight: number;
  rowAt: (index: number) => readonly ResultValue[] | undefined;
  selected: CellPosition | null;
}

/** Stands for "nothing written yet" in a new cell, so that its first value (undefined too, while loading) is written. */
const UNWRITTEN = Symbol("unwritten");

interface Cell {
  element: HTMLDivElement;
  value: ResultValue | undefined | typeof UNWRITTEN;
  selected: boolean;
}

interface Row {
  element: HTMLDivElement;
  number: HTMLDivElement;
  cells: Cell[];
  /** The result row shown (-1: none yet). */
  index: number;
  start: number;
  template: string;
}

/** Rows taken out of view are kept for the next rows to need one, up to this many (each holds its cells). */
const SPARE_ROWS = 64;

function newCell(): Cell {
  const element = document.createElement("div");
  element.setAttribute("role", "gridcell");
  element.setAttribute("aria-selected", "false");
  return { element, value: UNWRITTEN, selected: false };
}

function newRow(): Row {
  const element = document.createElement("div");
  element.setAttribute("role", "row");
  element.className = "grid-row";
  const number = document.createElement("div");
  number.setAttribute("role", "rowheader");
  number.className = "row-number";
  element.append(number);
  return { element, number, cells: [], index: -1, start: Number.NaN, template: "" };
}

function marker(className: string, text: string, title?: string): HTMLSpanElement {
  const span = document.createElement("span");
  span.className = className;
  if (text) span.textContent = text;
  if (title) span.title = title;
  return span;
}

/** A value as the cell shows it: text as text, NULL, a BLOB, an empty string and a row still loading each marked apart. */
function writeContent(element: HTMLDivElement, value: ResultValue | undefined): void {
  if (value === undefined) element.replaceChildren(marker("cell-loading", "…"));
  else if (value === null) element.replaceChildren(marker("cell-null", "NULL", "SQL NULL (no value)"));
  else if (value instanceof Uint8Array) element.replaceChildren(marker("cell-blob", blobSummary(value)));
  else if (value === "") element.replaceChildren(marker("cell-empty", "", "Empty string"));
  else {
    const text = String(value);
    const only = element.firstChild;
    // The common case, a text in place of a text: its node's data changes, no node is made or removed.
    if (only !== null && only === element.lastChild && only.nodeType === Node.TEXT_NODE) (only as Text).data = text;
    else element.textContent = text;
  }
}

function writeCell(cell: Cell, value: ResultValue | undefined, selected: boolean): void {
  if (Object.is(cell.value, value) && cell.selected === selected) return;
  const { element } = cell;
  if (!Object.is(cell.value, value)) {
    writeContent(element, value);
    const title = typeof value === "string" && value.length > 40 ? value.slice(0, 2000) : null;
    if (title !== null) element.title = title;
    else if (element.hasAttribute("title")) element.removeAttribute("title");
  }
  const numeric = typeof value === "number" || typeof value === "bigint";
  const className = `${numeric ? "cell-number" : ""}${selected ? " cell-selected" : ""}`;
  if (element.className !== className) element.className = className;
  if (cell.selected !== selected) element.setAttribute("aria-selected", String(selected));
  cell.value = value;
  cell.selected = selected;
}

/** The rows of one grid, in `container` (which holds nothing else). */
export class GridRows {
  private readonly shown = new Map<number, Row>();
  private readonly spare: Row[] = [];
  private readonly rowOf = new WeakMap<Element, Row>();

  constructor(private readonly container: HTMLElement) {}

  /** Shows `state`: reuses the rows already showing the same result rows, then rows that left the view, then new ones. */
  update(state: GridRowsState): void {
    const { items, columnCount, template, rowHeight, rowAt, selected } = state;
    const wanted = new Set(items.map((item) => item.index));
    // Rows whose result row is no longer in view are free for the rows that came into it.
    const free: Row[] = [];
    for (const [index, row] of this.shown) {
      if (!wanted.has(index)) {
        free.push(row);
        this.shown.delete(index);
      }
    }
    const placed: Row[] = [];
    for (const item of items) {
      let row = this.shown.get(item.index);
      if (!row) {
        row = free.pop() ?? this.spare.pop() ?? this.created();
        this.shown.set(item.index, row);
      }
      this.writeRow(row, item.index, item.start, columnCount, template, rowHeight, rowAt(item.index), selected);
      placed.push(row);
    }
    this.order(placed);
    for (const row of free) {
      row.element.remove();
      if (this.spare.length < SPARE_ROWS) this.spare.push(row);
    }
  }

  /** The cell an event happened in (a click), as its position in the result; null outside the cells. */
  cellAt(target: EventTarget | null): CellPosition | null {
    const cellElement = target instanceof Element ? target.closest("[role=gridcell]") : null;
    const row = cellElement?.parentElement ? this.rowOf.get(cellElement.parentElement) : undefined;
    if (!row || row.index < 0) return null;
    const column = row.cells.findIndex((cell) => cell.element === cellElement);
    return column < 0 ? null : { row: row.index, column };
  }

  private created(): Row {
    const row = newRow();
    this.rowOf.set(row.element, row);
    return row;
  }

  private writeRow(
    row: Row,
    index: number,
    start: number,
    columnCount: number,
    template: string,
    rowHeight: number,
    values: readonly ResultValue[] | undefined,
    selected: CellPosition | null,
  ): void {
    const { element } = row;
    if (row.index !== index) {
      row.index = index;
      element.setAttribute("aria-rowindex", String(index + 2));
      row.number.textContent = formatCount(index + 1);
    }
    if (row.start !== start) {
      row.start = start;
      element.style.transform = `translateY(${start}px)`;
      element.style.height = `${rowHeight}px`;
    }
    if (row.template !== template) {
      row.template = template;
      element.style.gridTemplateColumns = template;
    }
    while (row.cells.length > columnCount) row.cells.pop()!.element.remove();
    while (row.cells.length < columnCount) {
      const cell = newCell();
      row.cells.push(cell);
      element.append(cell.element);
    }
    const selectedColumn = selected?.row === index ? selected.column : -1;
    for (let column = 0; column < columnCount; column += 1) {
      writeCell(row.cells[column]!, values ? values[column] : undefined, column === selectedColumn);
    }
  }

  /** Puts the rows in the container in the order given (the result's), moving only those out of place. */
  private order(rows: readonly Row[]): void {
    let expected = this.container.firstChild;
    for (const row of rows) {
      if (row.element === expected) expected = expected.nextSibling;
      else this.container.insertBefore(row.element, expected);
    }
  }
}

// A virtualized grid over a result kept in the worker: only visible rows are rendered, pages are fetched as they scroll in.
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { ResultSummary, ResultValue } from "../../core/db/types";
import { useQueryStore } from "../../state/query-store";
import { copyText } from "../common/clipboard";
import { copyTextOf } from "./cell-text";
import { GridRows, type CellPosition } from "./grid-rows";

export type { CellPosition } from "./grid-rows";

const ROW_HEIGHT = 24;
const ROW_NUMBER_WIDTH = 64;

/** Widths from the column names and the first 100 rows (in the first page, which comes with the result). */
function columnWidths(columns: string[], rowAt: (index: number) => ResultValue[] | undefined, rowCount: number): number[] {
  const rows: ResultValue[][] = [];
  for (let index = 0; index < Math.min(100, rowCount); index += 1) rows.push(rowAt(index) ?? []);
  return columns.map((name, index) => {
    let longest = name.length;
    for (const row of rows) {
      const value = row[index];
      const length = value === null || value === undefined ? 4 : value instanceof Uint8Array ? 24 : String(value).length;
      longest = Math.max(longest, length);
    }
    return Math.min(360, Math.max(72, longest * 7.5 + 20));
  });
}

/** Memoized: the run starting (the toolbar's timer, Stop) re-renders the panel, not the rows shown. */
export const ResultsGrid = memo(function ResultsGrid({
  result,
  selected,
  onSelect,
}: {
  result: ResultSummary;
  selected: CellPosition | null;
  onSelect: (cell: CellPosition) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const rows = useRef<GridRows | null>(null);
  useQueryStore((state) => state.pageVersion); // re-render when pages arrive
  const rowAt = useQueryStore((state) => state.rowAt);
  const ensureRows = useQueryStore((state) => state.ensureRows);
  const widths = useMemo(() => columnWidths(result.columns, rowAt, result.storedRowCount), [result, rowAt]);
  const template = `${ROW_NUMBER_WIDTH}px ${widths.map((width) => `${width}px`).join(" ")}`;
  const totalWidth = ROW_NUMBER_WIDTH + widths.reduce((sum, width) => sum + width, 0);
  const [copied, setCopied] = useState(false);

  // TanStack Virtual returns functions React Compiler cannot memoize safely, so the compiler skips this component;
  // it is rendered per result and its rows are virtualized, so that costs nothing noticeable.
  const virtualizer = useVirtualizer({
    count: result.storedRowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  // Layout effects, run before the paint: the pages of rows coming into view are asked for one frame sooner, and a
  // new result is first painted at its top rather than where the last one was scrolled to.
  useLayoutEffect(() => {
    if (items.length > 0) ensureRows(first, last);
  }, [first, last, items.length, ensureRows]);

  // A new result starts at its top. scrollTo forces a layout of the page before the rows are painted (~6 ms measured
  // on every run), so it is only called when the grid was scrolled; a scroll event keeps that known without a read.
  const scrolledAway = useRef(false);
  useLayoutEffect(() => {
    if (!scrolledAway.current) return;
    scrolledAway.current = false;
    scroller.current?.scrollTo({ top: 0 });
  }, [result.resultId]);

  // The rows are written into the body by GridRows (see there why not by Preact), after each render, before the paint.
  useLayoutEffect(() => {
    rows.current ??= new GridRows(body.current!);
    rows.current.update({ items, columnCount: result.columns.length, template, rowHeight: ROW_HEIGHT, rowAt, selected });
  });

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!selected) return;
    const steps: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "c") {
      event.preventDefault();
      void copyText(copyTextOf(rowAt(selected.row)?.[selected.column])).then((ok) => {
        setCopied(ok);
        setTimeout(() => setCopied(false), 1500);
      });
      return;
    }
    const step = steps[event.key];
    if (!step) return;
    event.preventDefault();
    const row = Math.min(result.storedRowCount - 1, Math.max(0, selected.row + step[0]));
    const column = Math.min(result.columns.length - 1, Math.max(0, selected.column + step[1]));
    onSelect({ row, column });
    virtualizer.scrollToIndex(row);
  };

  return (
    <div
      ref={scroller}
      className="grid-scroller"
      role="grid"
      aria-label="Query result"
      aria-rowcount={result.storedRowCount + 1}
      aria-colcount={result.columns.length + 1}
      tabIndex={0}
      onKeyDown={move}
      onScroll={(event) => {
        scrolledAway.current = event.currentTarget.scrollTop > 0;
      }}
    >
      <div className="grid-header" role="row" aria-rowindex={1} style={{ gridTemplateColumns: template, width: totalWidth }}>
        <div role="columnheader" className="row-number">
          #
        </div>
        {result.columns.map((column, index) => (
          <div role="columnheader" key={index} title={column}>
            {column}
          </div>
        ))}
      </div>
      <div
        ref={body}
        style={{ height: virtualizer.getTotalSize(), width: totalWidth, position: "relative" }}
        onClick={(event) => {
          const cell = rows.current?.cellAt(event.target);
          if (cell) onSelect(cell);
        }}
      />
      {copied && (
        <div className="toast" role="status">
          Copied
        </div>
      )}
    </div>
  );
});

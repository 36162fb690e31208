// A virtualized grid over a result kept in the worker: only visible rows are rendered, pages are fetched as they scroll in.
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import type { ResultSummary, ResultValue } from "../../core/db/types";
import { useQueryStore } from "../../state/query-store";
import { copyText } from "../common/clipboard";
import { formatCount } from "../../core/format";
import { blobSummary, copyTextOf } from "./cell-text";

const ROW_HEIGHT = 24;
const ROW_NUMBER_WIDTH = 64;

export interface CellPosition {
  row: number;
  column: number;
}

/**
 * A cell's content, as a plain function rather than a component, and a value as bare text rather than a fragment:
 * each component or fragment is one more thing to diff per cell, on every result.
 */
function cellContent(value: ResultValue | undefined): ReactNode {
  if (value === undefined) return <span className="cell-loading">…</span>;
  if (value === null)
    return (
      <span className="cell-null" title="SQL NULL (no value)">
        NULL
      </span>
    );
  if (value instanceof Uint8Array) return <span className="cell-blob">{blobSummary(value)}</span>;
  if (value === "") return <span className="cell-empty" title="Empty string" />;
  return String(value);
}

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

  useEffect(() => {
    if (items.length > 0) ensureRows(first, last);
  }, [first, last, items.length, ensureRows]);

  // A new result starts at its top. scrollTo forces a layout of the page before the rows are painted (~6 ms measured
  // on every run), so it is only called when the grid was scrolled; a scroll event keeps that known without a read.
  const scrolledAway = useRef(false);
  useEffect(() => {
    if (!scrolledAway.current) return;
    scrolledAway.current = false;
    scroller.current?.scrollTo({ top: 0 });
  }, [result.resultId]);

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
          <div role="columnheader" key={`${index}-${column}`} title={column}>
            {column}
          </div>
        ))}
      </div>
      <div style={{ height: virtualizer.getTotalSize(), width: totalWidth, position: "relative" }}>
        {items.map((item) => {
          const row = rowAt(item.index);
          return (
            <div
              key={item.key}
              role="row"
              aria-rowindex={item.index + 2}
              className="grid-row"
              style={{ transform: `translateY(${item.start}px)`, gridTemplateColumns: template, height: ROW_HEIGHT }}
            >
              <div role="rowheader" className="row-number">
                {formatCount(item.index + 1)}
              </div>
              {result.columns.map((_, columnIndex) => {
                const value = row?.[columnIndex];
                const isSelected = selected?.row === item.index && selected.column === columnIndex;
                return (
                  <div
                    role="gridcell"
                    key={columnIndex}
                    aria-selected={isSelected}
                    className={`${typeof value === "number" || typeof value === "bigint" ? "cell-number" : ""}${isSelected ? " cell-selected" : ""}`}
                    title={typeof value === "string" && value.length > 40 ? value.slice(0, 2000) : undefined}
                    onClick={() => onSelect({ row: item.index, column: columnIndex })}
                  >
                    {cellContent(row ? value : undefined)}
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      {copied && (
        <div className="toast" role="status">
          Copied
        </div>
      )}
    </div>
  );
});

// The result grid's rows are written by hand into the elements the last result left (app/ui/results/grid-rows.ts), so
// what one result showed must never stay behind in the next: no row, cell, marker, tooltip or selection of the last.
import { expect, test, type Page } from "@playwright/test";
import { cell, openApp, resultSummary, runSql } from "./helpers";

interface DrawnRow {
  rowIndex: string | null;
  number: string;
  cells: { text: string; className: string; title: string | null; selected: string | null; markers: string[] }[];
}

/** Every row element in the grid's body, in the DOM's order, as a screen reader would meet them. */
function drawnRows(page: Page): Promise<DrawnRow[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll("[role=grid] .grid-row"), (row) => ({
      rowIndex: row.getAttribute("aria-rowindex"),
      number: row.querySelector("[role=rowheader]")?.textContent ?? "",
      cells: Array.from(row.querySelectorAll("[role=gridcell]"), (cell) => ({
        text: cell.textContent ?? "",
        className: cell.className,
        title: cell.getAttribute("title"),
        selected: cell.getAttribute("aria-selected"),
        markers: Array.from(cell.querySelectorAll("span"), (span) => span.className),
      })),
    })),
  );
}

const LONG = "a long note ".repeat(6).trim();

test("a result of another shape replaces every row and cell of the last: values, markers, tooltips and the selection", async ({ page }) => {
  await openApp(page);
  // 30 rows of five kinds of value: text (long ones with a tooltip), NULL, a BLOB, the empty string, numbers.
  await runSql(
    page,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
     SELECT i, CASE i % 4 WHEN 0 THEN NULL WHEN 1 THEN x'00ff' WHEN 2 THEN '' ELSE '${LONG} ' || i END AS note, i * 1.5 AS half FROM n`,
  );
  await expect(resultSummary(page)).toHaveText(/^30 rows · /);
  await cell(page, 3, 2).click();
  await expect(cell(page, 3, 2)).toHaveAttribute("aria-selected", "true");
  const first = await drawnRows(page);
  expect(first.length).toBeGreaterThan(5);
  for (const [position, row] of first.entries()) {
    const i = position + 1;
    expect(row.rowIndex).toBe(String(i + 1));
    expect(row.number).toBe(String(i));
    expect(row.cells.map((drawn) => drawn.text)).toEqual([
      String(i),
      i % 4 === 0 ? "NULL" : i % 4 === 1 ? "BLOB 2 B 0x00ff" : i % 4 === 2 ? "" : `${LONG} ${i}`,
      String(i * 1.5),
    ]);
    expect(row.cells[0]!.className).toBe("cell-number");
    expect(row.cells[1]!.markers).toEqual(i % 4 === 0 ? ["cell-null"] : i % 4 === 1 ? ["cell-blob"] : i % 4 === 2 ? ["cell-empty"] : []);
    expect(row.cells[1]!.title).toBe(i % 4 === 3 ? `${LONG} ${i}` : null);
    expect(row.cells.map((drawn) => drawn.selected)).toEqual(["false", i === 3 ? "true" : "false", "false"]);
  }

  // Four rows of five columns, all plain text (row 3 had the selection and a tooltip): nothing of the first result remains.
  const letters = ["abcde", "fghij", "klmno", "pqrst"];
  await runSql(
    page,
    letters
      .map(
        (row, at) =>
          `SELECT ${row
            .split("")
            .map((letter, column) => `'${letter}'${at === 0 ? ` AS c${column + 1}` : ""}`)
            .join(", ")}`,
      )
      .join(" UNION ALL "),
  );
  await expect(resultSummary(page)).toHaveText(/^4 rows · /);
  await expect(page.getByRole("columnheader")).toHaveText(["#", "c1", "c2", "c3", "c4", "c5"]);
  expect(await drawnRows(page)).toEqual(
    letters.map((row, at) => ({
      rowIndex: String(at + 2),
      number: String(at + 1),
      cells: row.split("").map((text) => ({ text, className: "", title: null, selected: "false", markers: [] })),
    })),
  );

  // And back to fewer columns with markers where text was.
  await runSql(page, "SELECT NULL AS only_null UNION ALL SELECT 7");
  await expect(resultSummary(page)).toHaveText(/^2 rows · /);
  expect(await drawnRows(page)).toEqual([
    { rowIndex: "2", number: "1", cells: [{ text: "NULL", className: "", title: null, selected: "false", markers: ["cell-null"] }] },
    { rowIndex: "3", number: "2", cells: [{ text: "7", className: "cell-number", title: null, selected: "false", markers: [] }] },
  ]);
});

test("scrolled, the grid's rows stay in the result's order, each showing its own row, and a click selects the cell clicked", async ({ page }) => {
  await openApp(page);
  await runSql(page, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) SELECT i, 'row ' || i AS label FROM n");
  await expect(resultSummary(page)).toHaveText(/^5,000 rows · /);
  const grid = page.getByRole("grid", { name: "Query result" });
  for (const fraction of [0.37, 0.38, 0.9, 0.1, 1]) {
    await grid.evaluate((element, to) => element.scrollTo({ top: element.scrollHeight * to }), fraction);
    // The rows in view have arrived (their page fetched) and the grid drew them.
    await expect(grid.locator(".cell-loading")).toHaveCount(0);
    await expect
      .poll(async () => {
        const rows = await drawnRows(page);
        const indexes = rows.map((row) => Number(row.rowIndex));
        const inOrder = indexes.every((index, at) => at === 0 || index === indexes[at - 1]! + 1);
        const own = rows.every((row) => {
          const i = Number(row.rowIndex) - 1;
          return row.number === i.toLocaleString("en-US") && row.cells[0]!.text === String(i) && row.cells[1]!.text === `row ${i}`;
        });
        return { inOrder, own, drawn: rows.length > 0 && rows.length < 100 };
      })
      .toEqual({ inOrder: true, own: true, drawn: true });
  }
  // The last row, clicked: selected alone; the arrow keys move the selection, which a new result clears.
  await grid.getByRole("gridcell", { name: "row 5000", exact: true }).click();
  await expect(grid.getByRole("gridcell", { name: "row 5000", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(grid.locator("[aria-selected=true]")).toHaveCount(1);
  await page.keyboard.press("ArrowLeft");
  await expect(grid.getByRole("gridcell", { name: "5000", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(grid.locator("[aria-selected=true]")).toHaveCount(1);
  // A new result of many rows starts at its top, not where the last one was scrolled to.
  await runSql(page, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT i AS one FROM n");
  await expect(resultSummary(page)).toHaveText(/^3,000 rows · /);
  expect(await grid.evaluate((element) => element.scrollTop)).toBe(0);
  await expect(cell(page, 1, 1)).toHaveText("1");
  await expect(grid.locator("[aria-selected=true]")).toHaveCount(0);
  await expect(grid.locator(".cell-selected")).toHaveCount(0);
});

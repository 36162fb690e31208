// Export CSV writes text that a spreadsheet would run as a formula with a leading ' (OWASP); Export raw CSV and JSON
// keep the values as stored. A numeric -3 is a number, not a formula, and stays -3 in both.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { openApp, runSql } from "./helpers";

async function download(page: Page, button: string): Promise<string> {
  const downloaded = page.waitForEvent("download");
  await page.getByRole("button", { name: button, exact: true }).click();
  return readFile((await (await downloaded).path())!, "utf8");
}

test("Export CSV neutralizes formulas, Export raw CSV and Export JSON keep the values", async ({ page }) => {
  await openApp(page);
  await runSql(page, "SELECT '=1+2' AS a, '@SUM(A1)' AS b, -3 AS c");

  expect(await download(page, "Export CSV")).toBe(`a,b,c\r\n"'=1+2","'@SUM(A1)",-3`);
  expect(await download(page, "Export raw CSV")).toBe("a,b,c\r\n=1+2,@SUM(A1),-3");
  expect(JSON.parse(await download(page, "Export JSON"))).toEqual([{ a: "=1+2", b: "@SUM(A1)", c: -3 }]);
});

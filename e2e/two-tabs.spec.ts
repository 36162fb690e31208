// Two tabs on the same database: neither silently overwrites the other's edits.
import { expect, test } from "@playwright/test";
import { alertWith, cell, openApp, runSql } from "./helpers";

test("edits in a second tab are kept as a copy instead of overwriting the first tab's", async ({ context }) => {
  const first = await context.newPage();
  await openApp(first);
  await first.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  const second = await context.newPage();
  await openApp(second);
  const id = await first.evaluate(() => window.__querylab!.database().current!.id);
  expect(await second.evaluate(() => window.__querylab!.database().current!.id)).toBe(id);

  await runSql(first, "CREATE TABLE from_first(x); INSERT INTO from_first VALUES ('first');");
  await first.waitForFunction(() => window.__querylab!.database().current?.saveState === "saved");
  // The second tab hears of it at once.
  await expect(
    alertWith(second, "was just changed in another tab").or(second.getByRole("status").filter({ hasText: "was just changed in another tab" })),
  ).toBeVisible();

  await runSql(second, "CREATE TABLE from_second(x); INSERT INTO from_second VALUES ('second');");
  await expect(second.getByRole("status").filter({ hasText: "this tab's version was saved as “Bookshop (copy)”" })).toBeVisible();
  expect(await second.evaluate(() => window.__querylab!.database().current!.name)).toBe("Bookshop (copy)");

  // The first tab's database still has its own edit and not the other's.
  await first.reload();
  await openApp(first);
  if ((await first.evaluate(() => window.__querylab!.database().current!.id)) !== id) {
    await first.getByRole("button", { name: "Recent" }).click();
    await first.getByRole("dialog", { name: "Recent databases" }).getByRole("button", { name: "Reopen Bookshop", exact: true }).click();
  }
  await first.waitForFunction((expected) => window.__querylab!.database().current?.id === expected, id);
  await runSql(first, "SELECT (SELECT count(*) FROM sqlite_schema WHERE name = 'from_first'), (SELECT count(*) FROM sqlite_schema WHERE name = 'from_second')");
  await expect(cell(first, 1, 1)).toHaveText("1");
  await expect(cell(first, 1, 2)).toHaveText("0");
});

// API keys stay in memory unless the person opts in, and one action forgets them.
import { expect, test } from "@playwright/test";
import { openApp } from "./helpers";

test("a key is forgotten on reload unless remembered, and Forget keys clears it everywhere", async ({ page }) => {
  await openApp(page);
  const openSettings = async () => {
    await page.getByRole("button", { name: "Settings" }).click();
    return page.getByRole("dialog", { name: "Settings" });
  };
  let dialog = await openSettings();
  await dialog.getByLabel(/^API key/).fill("sk-memory-only");
  await dialog.getByRole("button", { name: "Close" }).click();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("sk-memory-only");
  await page.reload();
  await openApp(page);
  dialog = await openSettings();
  await expect(dialog.getByLabel(/^API key/)).toHaveValue("");

  await dialog.getByLabel(/^API key/).fill("sk-remembered");
  await dialog.getByLabel("Remember the key on this device").check();
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.reload();
  await openApp(page);
  dialog = await openSettings();
  await expect(dialog.getByLabel(/^API key/)).toHaveValue("sk-remembered");

  await dialog.getByRole("button", { name: "Forget keys" }).click();
  await expect(dialog.getByLabel(/^API key/)).toHaveValue("");
  await expect(dialog.getByLabel("Remember the key on this device")).not.toBeChecked();
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain("sk-remembered");
});

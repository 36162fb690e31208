// The browser the tests and the bench launch (e2e/chromium.ts): our --disable-features switch is the one Chromium reads,
// so it must still hold Playwright's own list, and with it no window builds the address bar's popup as a web page.
import { expect, test } from "@playwright/test";
import { PLAYWRIGHT_DISABLED_FEATURES } from "./chromium";

test("the browser keeps Playwright's disabled features and builds no address-bar popup page for a new window", async ({ browser, page }) => {
  await page.goto("chrome://version");
  const commandLine = await page.locator("#command_line").innerText();
  const switches = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1].split(","));
  // Playwright's switch and ours; Chromium reads the last one only.
  expect(switches.length).toBeGreaterThanOrEqual(2);
  const effective = switches[switches.length - 1];
  for (const feature of switches.flat()) expect(effective).toContain(feature);
  expect(effective).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]));

  // Each context is a new window: without the two features, Chromium opened chrome://omnibox-popup.top-chrome pages
  // for it at once (browser_ui targets, each in a renderer of its own).
  const context = await browser.newContext();
  try {
    await context.newPage();
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send("Target.getTargets");
    expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith("chrome://omnibox-popup"))).toEqual([]);
    await session.detach();
  } finally {
    await context.close();
  }
});

// Launches Debian's Chromium headless for the benchmarks, with the same flags as the end-to-end tests.
import { chromium, type Browser } from "@playwright/test";

const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** The same viewport as the end-to-end tests, so the layout (and what renders first) matches. */
export const VIEWPORT = { width: 1400, height: 900 };

// Launches Debian's Chromium headless for the benchmarks, with the same flags as the end-to-end tests.
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, VIEWPORT } from "../e2e/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

export { VIEWPORT };

// Launches Debian's Chromium headless for the benchmarks, with the same flags as the end-to-end tests.
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, VIEWPORT } from "../e2e/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
}

export { VIEWPORT };

export interface BrowserProcess {
  id: number;
  /** "browser", "renderer", "GPU", "utility"… */
  type: string;
  /** CPU time the process has used so far, in seconds. */
  cpuTime: number;
}

/** The browser's processes as CDP's SystemInfo.getProcessInfo lists them. */
export async function browserProcesses(browser: Browser): Promise<BrowserProcess[]> {
  const session = await browser.newBrowserCDPSession();
  try {
    return ((await session.send("SystemInfo.getProcessInfo")) as { processInfo: BrowserProcess[] }).processInfo;
  } finally {
    await session.detach();
  }
}

// How the tests and the bench launch Debian's Chromium: its path and the flags that work as root on a closed network.
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Playwright 1.64's own `--disable-features` list (its chromiumSwitches). Chromium reads only the last such switch, and
 * Playwright puts ours after its own, so ours repeats its list: e2e/browser-flags.spec.ts checks the browser's command
 * line still disables every feature Playwright's switch does.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "DialMediaRouteProvider",
  "GlobalMediaControls",
  "HttpsUpgrades",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "BlockOriginHeaderModificationOnRedirect",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "Translate",
  "AutoDeElevate",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Chromium 156 builds its address bar's suggestion popup as a web page (chrome://omnibox-popup.top-chrome) in a renderer
 * of its own for every new window, and Playwright opens a window per browser context: each test and each of the
 * bench's cold loads paid ~1.3 s of CPU for that renderer, plus ~0.35 s in the browser process, starting some 0.5 s after
 * the context's page opened, so on two cores it ran beside whatever page was loading then (a later part of a slower
 * load more than a faster one). Puppeteer disables the same two features by default (puppeteer/puppeteer#15278).
 */
const DISABLED_FEATURES = [...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  // Without these Chromium keeps trying to reach Google's services, which this network refuses.
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
];

/** The tests' viewport; the bench uses it too so the layout (and what renders first) matches. */
export const VIEWPORT = { width: 1400, height: 900 };

// How the tests and the bench launch Debian's Chromium: its path and the flags that work as root on a closed network.
export const CHROMIUM_EXECUTABLE = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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
];

/** The tests' viewport; the bench uses it too so the layout (and what renders first) matches. */
export const VIEWPORT = { width: 1400, height: 900 };

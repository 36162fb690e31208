/// <reference types="vite-plugin-pwa/react" />
// A new version of the built site is announced, never forced: when a new service worker has installed and waits, this
// bar offers a reload, and the waiting worker takes over only when the person presses it (scripts/vite-offline.ts).
// In the dev server and the test build the service worker is off and this never shows.
import { useRegisterSW } from "virtual:pwa-register/react";
import { cacheFilesFetchedBeforeControl } from "../../browser/offline-cache";
import { useIdleAfterStartDownloads } from "./idle-after-start";

/**
 * Lets the waiting worker take over, then reloads once it controls the page. The plugin's own reload only follows a
 * worker that its register() call installed; one the browser found by itself (its update check on a later navigation,
 * or a long-open tab) would take over without the page reloading into it.
 */
async function reloadIntoNewVersion(skipWaiting: () => Promise<void>): Promise<void> {
  navigator.serviceWorker.addEventListener("controllerchange", () => location.reload(), { once: true });
  await skipWaiting();
}

/**
 * The service worker is registered only once the first database is open, the page idle and the start's downloads over
 * (the code editor, the sample's whole file): its install precaches the whole site (about 10 MB, 3.4 MB as the host
 * sends it), which must not compete with the first visit's sample download, WASM compile and code editor.
 */
export function UpdateNotice() {
  const idle = useIdleAfterStartDownloads();
  // The live region is always there, so a screen reader announces the notice when it appears.
  return <div role="status">{idle && <NewVersionNotice />}</div>;
}

function NewVersionNotice() {
  const {
    needRefresh: [newVersionWaiting],
    updateServiceWorker,
  } = useRegisterSW({
    // The first service worker is active: what this first visit fetched before it took over is cached now.
    onOfflineReady: () => void cacheFilesFetchedBeforeControl(),
  });
  if (!newVersionWaiting) return null;
  return (
    <div className="notice info">
      <span>A new version of QueryLab is ready</span>
      <span className="notice-actions">
        <button type="button" onClick={() => void reloadIntoNewVersion(updateServiceWorker)}>
          Reload
        </button>
      </span>
    </div>
  );
}

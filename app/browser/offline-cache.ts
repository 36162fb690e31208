// The first visit: the page fetches its sample (and more) before its new service worker takes control, so those
// requests pass the worker's runtime caches by. Once the worker is active it is asked to fetch and cache them
// (Workbox's CACHE_URLS message; it keeps only what one of its routes caches), so the sample opened on the first visit
// opens offline too. Files the workers fetched are not in the page's list: the first sample (which the SQLite worker
// downloads itself when the start script's download failed) is added by name; others (a model) are cached on their
// next load. ELK's layout worker, which the install leaves out (LAYOUT_WORKER_GLOB in scripts/vite-offline.ts), is
// asked for here too, so the schema diagram works offline after a first visit that never opened it.
import elkWorkerUrl from "elkjs/lib/elk-worker.min.js?url";
import { sampleUrlsOpenedByWorker } from "./samples";

/** The same-origin files the page has fetched, each once, from its resource timing entries. */
export function sameOriginResources(entryNames: readonly string[], pageOrigin: string): string[] {
  const urls = new Set<string>();
  for (const name of entryNames) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin === pageOrigin && (url.protocol === "https:" || url.protocol === "http:")) urls.add(url.href);
  }
  return [...urls];
}

/** Asks the active service worker to cache what the page fetched before it was in control. */
export async function cacheFilesFetchedBeforeControl(): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const names = [
    ...performance.getEntriesByType("resource").map((entry) => entry.name),
    ...sampleUrlsOpenedByWorker(),
    new URL(elkWorkerUrl, location.href).href,
  ];
  registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: sameOriginResources(names, location.origin) } });
}

// The SQLite worker's code (loaded by its entry, sqlite.worker.ts): composes the database service (engine + profile +
// judge) over sql.js and exposes it with comlink. Thin, so the logic is testable in Node.
import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import wasmUrl from "sql.js/dist/sql-wasm-browser.wasm?url";
import { DatabaseService } from "../app/core/database-service";
import type { DatabaseProfile } from "../app/core/schema/types";
import { initSqlJsKeepingMemory } from "../app/core/db/sqljs-memory";
import { whenReady } from "../app/core/db/when-ready";
import { limitRequests, withoutUnguardedChannels } from "./fetch-guard";
import { receivePageCompiledWasm, sqliteWasmInstantiator } from "./page-compiled-wasm";
import { openFirstSampleWhenAsked } from "./first-sample";
import { openKeptDatabaseWhenAsked } from "./kept-database";
import { readBlobInSlices } from "./blob-in-slices";
import { startOpenGate } from "./start-open-gate";
import { answerPagedQueries } from "./paged-query-channel";
import { openRangeSource } from "./range-sources";
import { transferringPages } from "./transfer-pages";
import { wholeFileAnswers } from "./whole-file-answers";
import { owningReceivedBytes } from "./owned-bytes";

// Databases arrive as bytes from the page, or are read on demand from a URL the page handed over; so the requests
// this worker makes are for its own WASM, once, and range requests to those URLs; none other, whatever a query or a
// library asks.
// The worker's own start marks (in its own timeline; bench/page-load.ts reads them beside the page's).
const mark = (step: string) => performance.mark(`querylab:worker-${step}`);
mark("code-loaded");
const wasm = new URL(wasmUrl, self.location.href).href;
let wasmLoaded = false;
const urlsReadOnDemand = new Set<string>();
const wholeAnswers = wholeFileAnswers();
let firstSampleUrl: string | null = null;
limitRequests(self, {
  worker: "SQLite worker",
  allows: "its own WASM file, before it has loaded, the first visit's sample the page asked it to open, and the databases the page opened to be read on demand",
  allowed: (url) => (!wasmLoaded && url.href === wasm) || url.href === firstSampleUrl || urlsReadOnDemand.has(url.href),
});
withoutUnguardedChannels(self, "SQLite worker");

// The profile keeper (and idb-keyval) loads with the first profile this worker computes: a first visit's sample and a
// returning visit's database bring theirs, so most starts need none.
let profileKeeperLoaded: Promise<(profile: DatabaseProfile) => Promise<void>> | null = null;
function keepProfileOnDemand(profile: DatabaseProfile): Promise<void> {
  const loading = (profileKeeperLoaded ??= import("./profile-keeper").then(({ profileKeeper }) => profileKeeper()));
  loading.catch(() => (profileKeeperLoaded = null));
  return loading.then((keep) => keep(profile));
}

// The page compiles the WASM while this script loads and sends the module; without one it is fetched here.
const service = receivePageCompiledWasm(self)
  .then((module) => initSqlJsKeepingMemory(initSqlJs, sqliteWasmInstantiator(module, wasm)))
  .then((SQL) => {
    wasmLoaded = true;
    mark("sqlite-ready");
    return DatabaseService.create(SQL, {
      // A File the person opened, or a copy kept in the browser: read here, off the page's main thread, in one task
      // (FileReaderSync), so the worker still answers opens in the order they were asked.
      readBlob: (blob) => new Uint8Array(new FileReaderSync().readAsArrayBuffer(blob)),
      openRangeSource(spec) {
        if (spec.kind !== "url") return openRangeSource(spec);
        const address = new URL(spec.url, self.location.href).href;
        urlsReadOnDemand.add(address);
        return wholeAnswers.noting(address, openRangeSource(spec));
      },
      keepProfile: keepProfileOnDemand,
      repliesCopied: true,
    });
  });
// The page's own opens come after (or instead of) what the start script asked this worker to open.
const startOpens = startOpenGate();
// A first visit's sample, when the start script asks: opened here while the page loads the app, read on demand until
// it is downloaded here (or downloaded first, from a server that does not answer range requests).
openFirstSampleWhenAsked(
  self,
  service,
  async (url, signal) => {
    const address = new URL(url, self.location.href);
    // Only the site's own sample: the one exception to this worker's guard is no way out to another site.
    if (address.origin !== self.location.origin) throw new Error("The first sample must come from this site.");
    firstSampleUrl = address.href;
    try {
      // Past the HTTP cache, which may hold parts of it from the range reads (see app/browser/html-start.ts).
      const response = await fetch(firstSampleUrl, { credentials: "same-origin", cache: "no-store", signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      mark("sample-downloaded");
      return bytes;
    } finally {
      // Once: after its download the sample's address is refused like any other.
      firstSampleUrl = null;
    }
  },
  // Held in memory now: its pages are not read from the site again, so its address is refused like any other.
  (url) => urlsReadOnDemand.delete(new URL(url, self.location.href).href),
  // From a server that ignores ranges, the whole file a range read got is the download (not fetched a second time).
  (url) => wholeAnswers.awaiting(new URL(url, self.location.href).href),
  startOpens,
);
// A returning visit's kept database, when the start script sends it (read from the page's storage): opened here.
openKeptDatabaseWhenAsked(self, service, startOpens, (blob) => readBlobInSlices(blob));
// The editor's runs come as plain messages (paged-query-channel.ts), taken before comlink sees them.
answerPagedQueries(self, service);
// The page's open(bytes) arrives as a copy of its bytes, which the engine keeps as its file (workers/owned-bytes.ts).
Comlink.expose(transferringPages(startOpens.guard(owningReceivedBytes(whenReady(service)))));

// The open database: which one, its schema, where it is kept, and the actions that open, import, save and reload it.
import { proxy } from "comlink";
import { create } from "zustand";
import type { DatabaseSchema, DbError } from "../core/db/types";
import type { LazySourceSpec } from "../core/db/lazy-file";
import type { OpenOptions } from "../core/db/sqljs-engine";
import { probeRanges } from "../browser/range-probe";
import { downloadBytes } from "../browser/download";
import { askBeforeKeeping, readFileOnDemand, readUrlOnDemand } from "./large-databases";
import { createBroadcastSaveChannel, SaveConflicts, type SaveChannel } from "../browser/cross-tab-saves";
import { checkDatabaseUrl, DownloadError, fetchDatabase, fileNameFromUrl } from "../browser/fetch-database";
import { databaseInAddress, type DatabaseRequest } from "../browser/page-address";
import { courseSettings } from "../browser/course";
import {
  forgetUntakenStartSample,
  startedFirstVisitSample,
  loadSampleBytes,
  loadSampleManifest,
  sampleIsWhole,
  takeSampleOpenedInWorker,
  type SampleEntry,
  type SampleOpenedInWorker,
  type WholeSample,
} from "../browser/samples";
import { createSqliteConnection, provideServices, queryLabStorage, sqliteConnection } from "../browser/services";
import { CHECK_ASIDE_FROM_BYTES, checkStoredCopyAside } from "../browser/stored-copy-check";
import type { SqliteConnectionHandle } from "../browser/sqlite-connection";
import type { QueryLabStorage, StoredDatabaseMeta } from "../browser/storage";
import { takeKeptDatabaseOpenedInWorker, type KeptDatabaseHeldWhole, type KeptDatabaseOpenedInWorker } from "../browser/kept-opened-in-worker";
import { createMemoryStorage } from "../browser/storage-areas";
import { createSaveQueue } from "./save-queue";
import { describeEarlierFailure, describeSaveFailure } from "./save-failure";
import { estimateStorage, isQuotaError } from "../browser/storage-estimate";
import { clearSaveFailureMark, markSaveFailed, readSaveFailureMark } from "../browser/save-failure-mark";
import { markStart } from "../browser/start-marks";
import { afterPaint } from "./after-paint";
import { errorMessage } from "../core/error-message";
import { formatBytes, formatCountOf } from "../core/format";

/**
 * "failed": the browser refused the last save; the changes live only in this tab until a save succeeds.
 * "read-on-demand": read-only, its pages read from the URL or File as queries need them; nothing to keep.
 * "not-kept-by-choice": the person chose not to keep a copy of a large database in browser storage.
 * "loading-whole": a first visit's sample, read on demand while its download goes on; then kept like any other.
 * "reading-whole": a large database kept in this browser, read on demand from that copy while the worker reads it into
 * memory (a returning visit); then "saved". A change waits for it in the worker, and is saved as any.
 */
export type SaveState =
  | "saved"
  | "saving"
  | "unsaved-transaction"
  | "not-kept"
  | "failed"
  | "read-on-demand"
  | "not-kept-by-choice"
  | "loading-whole"
  | "reading-whole"
  | "not-reopened";

/** The states in which the open database is read on demand for now, until the worker holds it whole. */
export function isReadOnDemandUntilWhole(saveState: SaveState | undefined): boolean {
  return saveState === "loading-whole" || saveState === "reading-whole";
}

/** Asked before a large database loaded whole is copied into browser storage, with what storage holds and allows. */
export interface KeepQuestion {
  name: string;
  sizeBytes: number;
  /** The browser's estimate; null where it cannot say. */
  usedBytes: number | null;
  quotaBytes: number | null;
}

/** The refused save on screen: its message (reason and sizes) and which database it concerns. */
export interface SaveFailure {
  databaseId: string;
  message: string;
}

export interface Notice {
  kind: "error" | "info";
  message: string;
  /**
   * It reports an open that failed (the database that was open stayed open). It told of that attempt, not of the
   * database on screen, so it goes when the next open starts: left up, it stood beside the next download's progress.
   */
  failedOpen?: true;
}

/** The notice of an open that failed: see Notice.failedOpen. */
function openFailed(message: string): Notice {
  return { kind: "error", message, failedOpen: true };
}

export interface CurrentDatabase extends StoredDatabaseMeta {
  saveState: SaveState;
  /** Set on a copy saved because another tab changed the original: the same work goes on, so its workspace follows. */
  copiedFrom?: string;
}

interface DatabaseState {
  status: "starting" | "ready" | "failed";
  current: CurrentDatabase | null;
  schema: DatabaseSchema | null;
  samples: SampleEntry[];
  recent: StoredDatabaseMeta[];
  storageAvailable: boolean;
  notice: Notice | null;
  /** Kept apart from `notice` so another message cannot hide it while the changes are still unsaved. */
  saveFailure: SaveFailure | null;
  /** A file being read or imported, with progress from 0 to 1. */
  loading: { label: string; fraction: number | null } | null;
  /** Waiting for the person: keep a copy of this large database in the browser or not. */
  keepQuestion: KeepQuestion | null;

  start(): Promise<void>;
  /**
   * The sample list once the start has loaded it. The status can be "ready" before `samples` is set (a returning
   * visit shows its kept database first), so what looks a sample up right after ready awaits this.
   */
  loadedSamples(): Promise<SampleEntry[]>;
  openSample(sample: SampleEntry): Promise<boolean>;
  openFile(file: File): Promise<boolean>;
  openUrl(url: string): Promise<boolean>;
  newDatabase(): Promise<boolean>;
  reopenRecent(id: string): Promise<boolean>;
  deleteRecent(id: string): Promise<void>;
  importFile(file: File): Promise<boolean>;
  afterChange(): Promise<void>;
  /**
   * While a change is being exported (afterChange, up to handing the bytes to the save queue): its wait; null when no
   * change is. A worker restart before then (a Stop, a runaway query) would reopen the database without that change,
   * so a query, which can be stopped, is not sent to the worker until it settles.
   */
  changeNotYetKept(): Promise<void> | null;
  reloadAfterStop(): Promise<void>;
  refreshSchema(): Promise<void>;
  downloadCurrent(): Promise<void>;
  dismissNotice(): void;
  dismissSaveFailure(): void;
  answerKeepQuestion(keep: boolean): void;
}

const RANGES_WOULD_HELP =
  "The server does not answer range requests (or CORS hides them), which would let the page read it on demand, only the parts a query needs.";

function newId(): string {
  return `db-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

const DATABASE_EXTENSIONS = /\.(sqlite3?|db3?|s3db|sl3)$/i;
const TABLE_EXTENSIONS = /\.(csv|tsv|tab|txt|json)$/i;

export function isTableFile(name: string): boolean {
  return TABLE_EXTENSIONS.test(name) && !DATABASE_EXTENSIONS.test(name);
}

/** What the store works with; the page passes the browser's, unit tests an in-process engine and memory storage. */
export interface DatabaseStoreServices {
  connection(): SqliteConnectionHandle;
  storage(): QueryLabStorage;
  /** Tells other tabs of this tab's saves, and this tab of theirs. */
  channel: SaveChannel;
  loadSampleManifest(): Promise<SampleEntry[]>;
  loadSampleBytes(sample: SampleEntry): Promise<Uint8Array>;
  /** A first visit's sample as the worker already opened it (workers/first-sample.ts); absent or null: open it here. */
  sampleOpenedInWorker?(sample: SampleEntry): Promise<SampleOpenedInWorker | null>;
  /**
   * The sample index.html's start script began to open on what it took for a first visit (no database in the address,
   * none kept), by file name; absent or null when it began none (a course, a kept database, the dev server).
   */
  startedFirstVisitSample?(): string | null;
  /**
   * A returning visit's kept database as the first worker opened it at the start script's request
   * (workers/kept-database.ts); null when none was asked for (absent: the store reopens it itself).
   */
  keptDatabaseOpenedInWorker?(): Promise<KeptDatabaseOpenedInWorker | null> | null;
  /** Called once the start has opened its database: drops the first sample started ahead if it was not taken. */
  forgetUntakenStartSample?(): void;
  /**
   * SQLite's check of a large stored copy, away from the page's worker (app/browser/stored-copy-check.ts); absent: the
   * page's worker checks every kept copy itself.
   */
  checkStoredCopy?(copy: Blob, name: string): Promise<DbError | null>;
  /** The page's address (for ?db=), null outside a page. */
  address(): URL | null;
  /** Called when durable storage refuses writes: from then on the page keeps things in memory. */
  storageRefused(): void;
  /** The database a course build opens on (app/browser/course.ts); absent or null for the ordinary app. */
  courseDatabase?(): DatabaseRequest | null;
}

/** Whether a stored database is the kept copy of a requested one (its name and source are all a copy keeps). */
function isCopyOf(meta: StoredDatabaseMeta, request: DatabaseRequest, samples: SampleEntry[]): boolean {
  if (request.kind === "sample") return meta.source === "sample" && meta.name === samples.find((sample) => sample.id === request.id)?.title;
  return meta.source === "url" && meta.name === fileNameFromUrl(request.url);
}

export function browserDatabaseServices(): DatabaseStoreServices {
  return {
    connection: sqliteConnection,
    storage: queryLabStorage,
    channel: createBroadcastSaveChannel(),
    loadSampleManifest,
    loadSampleBytes,
    sampleOpenedInWorker: (sample) => takeSampleOpenedInWorker(sample, () => sqliteConnection().currentWorker),
    startedFirstVisitSample,
    keptDatabaseOpenedInWorker: () => takeKeptDatabaseOpenedInWorker(() => sqliteConnection().currentWorker),
    forgetUntakenStartSample,
    checkStoredCopy: (copy, name) => checkStoredCopyAside(copy, name, createSqliteConnection),
    address: () => (typeof location === "undefined" ? null : new URL(location.href)),
    storageRefused: () => provideServices({ storage: createMemoryStorage() }),
    courseDatabase: () => courseSettings()?.database ?? null,
  };
}

export function createDatabaseStore(services: DatabaseStoreServices) {
  return create<DatabaseState>((set, get) => {
    const engine = () => services.connection().engine;
    const storage = () => services.storage();
    const conflicts = new SaveConflicts();
    /** Opens asked of the worker so far: the start's sample gives way to one the person asked for meanwhile. */
    let openRequests = 0;
    /**
     * The latest of those the worker has opened: it answers opens in the order they were asked, so this only grows,
     * and the database it names is the one the worker holds (one it refused leaves the one before it open).
     */
    let latestOpened = 0;
    const saveQueue = createSaveQueue();
    /**
     * The last bytes known good, for reloading after a stop when storage cannot hold them: the bytes, or the Blob (a File, a
     * download, a stored copy) the worker read them from (openBytes' content).
     */
    let bytesInMemory: Uint8Array | Blob | null = null;
    /** The source of the database read on demand, for reopening it after a stop; null when one is loaded whole. */
    let readOnDemandSource: LazySourceSpec | null = null;
    /** The first sample while the worker reads it on demand and downloads it ("loading-whole"): which one, for a Stop. */
    let loadingWhole: { id: string; sample: SampleEntry; url: string } | null = null;
    /** Databases the person chose not to keep in browser storage: their saves stay in memory. */
    const notKept = new Set<string>();
    /** Databases a Stop could not reopen: what the worker holds is not them, so it is never saved under their id. */
    const notReopened = new Set<string>();
    let answerKeep: ((keep: boolean) => void) | null = null;

    function announceSave(meta: StoredDatabaseMeta): void {
      services.channel.announce({ id: meta.id, updatedAt: meta.updatedAt });
    }

    /**
     * Saves asked for so far, each taking the next number (a change takes its own as soon as it is made, before its
     * export): only the latest one's ending is shown, so an earlier save that ends while a later one is still to come
     * does not say "saved" (which let a reload lose the later change, as the leave guard holds only while saving).
     */
    let savesAsked = 0;

    /** See changeNotYetKept: one entry per afterChange that has not yet handed its export to the save queue. */
    const changesNotYetKept = new Set<Promise<void>>();

    /** Records how a save ended, unless a later save was asked for, or the save became a copy (another tab's conflict), which is now current. */
    function settle(meta: StoredDatabaseMeta, saveState: SaveState, ticket: number): void {
      if (ticket !== savesAsked) return;
      const current = get().current;
      if (current && current.id !== meta.id) return;
      set({ current: { ...meta, saveState } });
    }

    /** Keeps the bytes in the browser (after the saves queued before), then shows how that ended; see savesAsked. */
    async function persist(meta: StoredDatabaseMeta, bytes: Uint8Array | Blob, ticket = ++savesAsked): Promise<void> {
      bytesInMemory = bytes;
      settle(meta, await saveQueue.enqueue(() => write(meta, bytes)), ticket);
    }

    async function write(meta: StoredDatabaseMeta, bytes: Uint8Array | Blob): Promise<SaveState> {
      await storageKnown;
      if (!get().storageAvailable) return "not-kept";
      if (notKept.has(meta.id)) return "not-kept-by-choice";
      if (notReopened.has(meta.id)) return "not-reopened";
      try {
        // Another tab may have saved this database since this tab read it: never overwrite its work silently.
        const stored = (await storage().listDatabases()).find((entry) => entry.id === meta.id);
        if (stored && conflicts.storedIsNewer(meta.id, stored.updatedAt)) {
          const copy: StoredDatabaseMeta = { ...meta, id: newId(), name: `${meta.name} (copy)` };
          await storage().saveDatabase(copy, bytes);
          await storage().setLastOpenDatabaseId(copy.id);
          conflicts.remember(copy.id, copy.updatedAt);
          announceSave(copy);
          set({
            recent: await storage().listDatabases(),
            current: { ...copy, saveState: "saved", copiedFrom: meta.id },
            notice: {
              kind: "info",
              message: `${meta.name} was changed in another tab after this tab opened it. To keep both, this tab's version was saved as “${copy.name}”.`,
            },
          });
          return "saved";
        }
        await storage().saveDatabase(meta, bytes);
        // Known only once stored: a refused save must not count as the version this tab has in storage.
        conflicts.remember(meta.id, meta.updatedAt);
        announceSave(meta);
        savedAgain(meta);
        // The database is stored; what follows is bookkeeping, and its failure must not report the save as refused.
        await storage()
          .setLastOpenDatabaseId(meta.id)
          .catch(() => undefined);
        set({
          recent: await storage()
            .listDatabases()
            .catch(() => get().recent),
        });
        return "saved";
      } catch (error) {
        // Storage stays on: the next change (or Try again) saves again, which succeeds once space is free.
        await refused(meta, error);
        return "failed";
      }
    }

    /** Explains a refused save (reason, sizes, what a reload would bring back) and leaves a mark for the next load. */
    async function refused(meta: StoredDatabaseMeta, error: unknown): Promise<void> {
      const [sizes, storedAt] = await Promise.all([
        estimateStorage(),
        storage()
          .listDatabases()
          .then((entries) => entries.find((entry) => entry.id === meta.id)?.updatedAt ?? null)
          .catch(() => null),
      ]);
      const message = describeSaveFailure({ error, databaseName: meta.name, neededBytes: meta.sizeBytes, sizes, storedAt });
      markSaveFailed({ databaseId: meta.id, databaseName: meta.name, failedAt: Date.now(), storedAt, quota: isQuotaError(error) });
      set({ saveFailure: { databaseId: meta.id, message } });
    }

    /** A save landed: a failure shown for this database is over, and the next load has nothing to warn about. */
    function savedAgain(meta: StoredDatabaseMeta): void {
      clearSaveFailureMark(meta.id);
      if (get().saveFailure?.databaseId !== meta.id) return;
      set({ saveFailure: null, notice: { kind: "info", message: `${meta.name} is saved in this browser again.` } });
    }

    /** After opening a kept copy: if the last save of a database failed, say which copy this is instead of staying silent. */
    function reportEarlierFailure(openedId: string | null): void {
      const mark = readSaveFailureMark();
      if (!mark) return;
      // Within this tab the bar already says so; a mark for another database waits until it is opened or the next load.
      if (get().saveFailure?.databaseId === mark.databaseId) return;
      if (openedId !== null && openedId !== mark.databaseId) return;
      set({ notice: { kind: "error", message: describeEarlierFailure(mark, openedId === mark.databaseId) } });
      clearSaveFailureMark();
    }

    /** Opens bytes in the worker; only on success does it become the current database. */
    /**
     * The start's sample (a first visit): as the worker already opened it when it did, else downloaded and opened here.
     * A database the person opens meanwhile (a file dropped while the sample loads) wins: the sample is then not
     * opened, and the worker's database stays theirs.
     */
    async function openStartingSample(sample: SampleEntry): Promise<boolean> {
      const before = openRequests;
      const othersOpened = () => openRequests !== before;
      return withLoading(`Opening ${sample.title}…`, async () => {
        try {
          const openedInWorker = await services.sampleOpenedInWorker?.(sample);
          if (othersOpened()) return get().current !== null;
          if (openedInWorker?.bytes) return await openBytes(openedInWorker.bytes, sample.title, "sample", newId(), undefined, undefined, openedInWorker);
          if (openedInWorker) return await openReadOnDemandUntilWhole(sample, openedInWorker);
          const bytes = await services.loadSampleBytes(sample);
          if (othersOpened()) return get().current !== null;
          return await openBytes(bytes, sample.title, "sample", newId(), undefined, { checkPages: !sampleIsWhole(sample, bytes) });
        } catch (error) {
          set({ notice: openFailed(errorMessage(error)) });
          return false;
        }
      });
    }

    /**
     * The start's sample as the worker opened it read on demand: on screen at once, queried by range requests while the
     * worker downloads it, then kept like a sample opened whole once the worker holds its bytes (wholeSampleArrived).
     */
    async function openReadOnDemandUntilWhole(sample: SampleEntry, openedInWorker: SampleOpenedInWorker): Promise<boolean> {
      const { outcome, schema, whole, url } = openedInWorker;
      markStart("database-bytes");
      if (!outcome.ok) {
        set({ notice: openFailed(`${sample.title}: ${outcome.error.message}`) });
        return false;
      }
      latestOpened = ++openRequests;
      markStart("database-opened");
      const meta: StoredDatabaseMeta = { id: newId(), name: sample.title, source: "sample", sizeBytes: outcome.sizeBytes, updatedAt: Date.now() };
      readOnDemandSource = null;
      bytesInMemory = null;
      loadingWhole = { id: meta.id, sample, url };
      set({ current: { ...meta, saveState: "loading-whole" }, notice: null, saveFailure: null });
      if (schema) {
        set({ schema });
        markStart("schema-read");
      } else await get().refreshSchema();
      void whole?.then((result) => wholeSampleArrived(meta, result));
      // Once the first screen is painted: the download would take CPU (and, on a slow line, bandwidth) from it.
      afterPaint(() => openedInWorker.beginDownload());
      return true;
    }

    /** The worker holds the start's sample whole now (or could not download it): keep it, or say it stays read on demand. */
    function wholeSampleArrived(meta: StoredDatabaseMeta, result: WholeSample): void {
      // Left meanwhile, or the worker was replaced (a Stop reopened the sample itself): this answer is no one's.
      if (loadingWhole?.id !== meta.id || get().current?.id !== meta.id) return;
      const { url } = loadingWhole;
      loadingWhole = null;
      if (!result.ok) {
        readOnDemandSource = { kind: "url", url, sizeBytes: meta.sizeBytes };
        set({
          current: { ...meta, saveState: "read-on-demand" },
          notice: {
            kind: "error",
            message: `${meta.name} could not be downloaded whole (${result.reason}), so it stays open read-only, read on demand, and is not kept in this browser. Open it again from the samples to change it.`,
          },
        });
        return;
      }
      set({ current: { ...meta, saveState: "saving" } });
      markStart("held-whole");
      // Counted in memory now: the counts read on demand would have read every table.
      void get()
        .refreshSchema()
        .catch(() => undefined);
      void persist(meta, result.bytes);
    }

    /** Opens a sample named by its id, or a URL; a sample the list lacks is a notice, as a failed download is. */
    async function openRequested(request: DatabaseRequest, samples: SampleEntry[]): Promise<boolean> {
      if (request.kind === "url") return get().openUrl(request.url);
      const sample = samples.find((entry) => entry.id === request.id);
      if (sample) return get().openSample(sample);
      set({ notice: openFailed(`There is no sample called "${request.id}" (there are: ${samples.map((entry) => entry.id).join(", ")}).`) });
      return false;
    }

    /** A schema the worker read as it opened the start's database: shown at once; the row counts it left out are read next. */
    function showSchemaReadInWorker(schema: DatabaseSchema): void {
      set({ schema });
      markStart("schema-read");
      if (schema.tables.some((table) => table.kind === "table" && table.rowCount === null))
        void get()
          .refreshSchema()
          .catch(() => undefined);
    }

    /**
     * A returning visit's kept database as index.html's start script read it from storage and the worker opened it
     * while the app loaded: on screen without the store reading its bytes (~64 ms for the bookshop sample), sending
     * them to the worker and waiting for the open and the schema, all after the first render. The start script read
     * the id of the database open last, its entry in the list and its bytes in one transaction, so it is the database
     * reopenRecent would reopen, as it was saved then. False when the worker opened nothing: the start then reopens it the usual way, and says why
     * it cannot. A database the person opened meanwhile wins, as over a first visit's sample.
     */
    async function showKeptDatabaseOpenedInWorker(pending: Promise<KeptDatabaseOpenedInWorker | null>): Promise<boolean> {
      const before = openRequests;
      const kept = await pending.catch(() => null);
      if (openRequests !== before) return get().current !== null;
      if (!kept?.outcome.ok) return false;
      const { meta, schema, whole } = kept;
      latestOpened = ++openRequests;
      markStart("database-opened");
      readOnDemandSource = null;
      // No bytes on the page: after a Stop the stored copy is read (reloadAfterStop).
      bytesInMemory = null;
      conflicts.remember(meta.id, meta.updatedAt);
      set({ current: { ...meta, saveState: whole ? "reading-whole" : "saved" }, notice: null, saveFailure: null });
      if (schema && whole) {
        // Read on demand, the row counts would read every table from the copy: they wait until it is held whole.
        set({ schema });
        markStart("schema-read");
      } else if (schema) showSchemaReadInWorker(schema);
      else await get().refreshSchema();
      // Kept the last open (it is already): this also keeps the start script's hint for the next visit.
      void storage()
        .setLastOpenDatabaseId(meta.id)
        .catch(() => undefined);
      reportEarlierFailure(meta.id);
      if (whole) {
        void whole.then((held) => keptDatabaseHeldWhole(meta, latestOpened, held));
        // Once the first screen is painted: the worker's read in slices would delay the page's calls on the way to it.
        afterPaint(() => kept.beginReadingWhole());
      }
      // Read on demand, there is nothing to check yet (SqliteEngine.checkPages): checked once it is held whole.
      else checkKeptPages(meta);
      return true;
    }

    /**
     * The worker holds the large kept database whole now (or could not read it whole): saved as before, its row counts
     * read and its pages checked; or said to stay read on demand. A change made meanwhile waited for the worker to hold
     * it whole and was saved: only its state is left as that change set it. Nothing when another database was opened.
     */
    function keptDatabaseHeldWhole(meta: StoredDatabaseMeta, opened: number, held: KeptDatabaseHeldWhole): void {
      if (latestOpened !== opened || get().current?.id !== meta.id) return;
      const reading = get().current?.saveState === "reading-whole";
      if (!held.ok) {
        if (!reading) return;
        set({
          current: { ...get().current!, saveState: "read-on-demand" },
          notice: {
            kind: "error",
            message: `${meta.name} could not be read into memory (${held.reason}), so it stays open read-only, read on demand from its copy in this browser. Reload the page to try again.`,
          },
        });
        return;
      }
      if (reading) set({ current: { ...get().current!, saveState: "saved" } });
      markStart("held-whole");
      void get()
        .refreshSchema()
        .catch(() => undefined);
      checkKeptPages(meta);
    }

    /**
     * SQLite's check of the pages of a database reopened from this browser's storage, once it is on screen: damage
     * found is reported (the database stays open: what is intact can still be read and exported). Left unsaid when
     * another database was opened meanwhile: the check may have been of that one. A large copy is checked as stored,
     * by a worker of its own (services.checkStoredCopy), so the page's worker answers queries meanwhile.
     */
    function checkKeptPages(meta: StoredDatabaseMeta): void {
      const opened = latestOpened;
      const aside = meta.sizeBytes >= CHECK_ASIDE_FROM_BYTES ? services.checkStoredCopy : undefined;
      const check = async (): Promise<DbError | null> => {
        const copy = aside ? ((await storage().loadDatabase(meta.id))?.copy ?? null) : null;
        return copy && aside ? aside(copy, meta.name) : engine().checkPages();
      };
      afterPaint(() => {
        if (latestOpened !== opened) return;
        void check()
          .then((damage) => {
            if (!damage || latestOpened !== opened) return;
            set({
              notice: {
                kind: "error",
                message: `The copy of ${meta.name} kept in this browser is damaged. ${damage.message} Queries that read its damaged pages fail; what is intact can still be read and exported.`,
              },
            });
          })
          .catch(() => undefined);
      });
    }

    async function openBytes(
      /** The database's bytes, or a Blob for the worker to read (a File, a download, a stored copy: so the page never holds its bytes). */
      content: Uint8Array | Blob,
      name: string,
      source: StoredDatabaseMeta["source"],
      id = newId(),
      knownAt?: number,
      openOptions?: OpenOptions,
      /** The worker opened these bytes already (a first visit's sample): its outcome and schema. */
      openedInWorker?: Omit<SampleOpenedInWorker, "bytes">,
    ): Promise<boolean> {
      let outcome: Awaited<ReturnType<ReturnType<typeof engine>["open"]>>;
      const request = ++openRequests;
      // Another database the worker opened after this one while this one read its schema (the worker opens them in
      // turn, so it holds the later one): this one must not put itself back on screen over it, or the screen would
      // name one database while the worker holds the other, and the next change would be saved under the wrong id.
      const overtaken = () => latestOpened !== request;
      markStart("database-bytes");
      const sizeBytes = content instanceof Blob ? content.size : content.byteLength;
      try {
        if (openedInWorker) outcome = openedInWorker.outcome;
        else if (content instanceof Blob) outcome = await engine().openBlob(content, openOptions);
        else outcome = await engine().open(content, openOptions);
      } catch (error) {
        // sql.js aborts (e.g. out of WASM memory) leave the worker unusable: replace it and reopen what was open.
        services.connection().restart();
        await get().reloadAfterStop();
        set({
          notice: openFailed(
            `${name}: SQLite could not open it (${errorMessage(error)}); it may be too large for this page. The database that was open is open again.`,
          ),
        });
        return false;
      }
      if (!outcome.ok) {
        set({ notice: openFailed(`${name}: ${outcome.error.message} The database that was open is still open.`) });
        return false;
      }
      latestOpened = request;
      markStart("database-opened");
      const meta: StoredDatabaseMeta = { id, name, source, sizeBytes, updatedAt: Date.now() };
      readOnDemandSource = null;
      if (knownAt !== undefined) conflicts.remember(id, knownAt);
      // A refused save of the database being left is no longer this screen's: its mark still tells when it is reopened.
      set({ current: { ...meta, saveState: "saving" }, notice: null, saveFailure: null });
      if (openedInWorker?.schema) showSchemaReadInWorker(openedInWorker.schema);
      else await get().refreshSchema();
      // The later database is on screen or on its way there: this open did its part.
      if (overtaken()) return true;
      if (knownAt !== undefined) {
        // Reopened from storage: the stored copy is these bytes; writing them again would only tell other tabs of a change.
        bytesInMemory = content;
        set({ current: { ...meta, updatedAt: knownAt, saveState: "saved" } });
        await storage()
          .setLastOpenDatabaseId(id)
          .catch(() => undefined);
        reportEarlierFailure(id);
        return true;
      }
      // The database is usable now; keeping a copy in the browser finishes in the background.
      // A Blob (a File, a download, a stored copy) is kept (in browser storage, and for a reopen after a Stop) in the bytes' place.
      void persist(meta, content);
      return true;
    }

    /** Opens a database read-only, its pages read on demand in the worker; nothing is copied into storage. */
    async function openReadOnDemand(spec: LazySourceSpec, name: string, source: StoredDatabaseMeta["source"]): Promise<boolean> {
      const request = ++openRequests;
      let outcome: Awaited<ReturnType<ReturnType<typeof engine>["openLazy"]>>;
      try {
        outcome = await engine().openLazy(spec);
      } catch (error) {
        services.connection().restart();
        await get().reloadAfterStop();
        set({ notice: openFailed(`${name}: SQLite could not read it (${errorMessage(error)}). The database that was open is open again.`) });
        return false;
      }
      if (!outcome.ok) {
        set({ notice: openFailed(`${name}: ${outcome.error.message} The database that was open is still open.`) });
        return false;
      }
      latestOpened = request;
      readOnDemandSource = spec;
      bytesInMemory = null;
      const meta: StoredDatabaseMeta = { id: newId(), name, source, sizeBytes: outcome.sizeBytes, updatedAt: Date.now() };
      set({ current: { ...meta, saveState: "read-on-demand" }, notice: null, saveFailure: null });
      await get().refreshSchema();
      return true;
    }

    /** Asks before a large database is copied into browser storage; true (keep) when small or storage is off anyway. */
    async function keepCopy(name: string, sizeBytes: number): Promise<boolean> {
      if (!get().storageAvailable || !askBeforeKeeping(sizeBytes)) return true;
      const sizes = await estimateStorage();
      answerKeep?.(true);
      return new Promise<boolean>((resolve) => {
        answerKeep = resolve;
        set({ keepQuestion: { name, sizeBytes, usedBytes: sizes?.usedBytes ?? null, quotaBytes: sizes?.quotaBytes ?? null } });
      });
    }

    /** A new id for a database loaded whole, remembered as not to be kept when the person said so. */
    function idFor(keep: boolean): string {
      const id = newId();
      if (!keep) notKept.add(id);
      return id;
    }

    /** Until the start has checked storage: saves wait for it (see write). */
    let storageKnown: Promise<void> = Promise.resolve();

    /** The start's sample list (loadedSamples), settled once the start has it. */
    let tellSamplesLoaded: (samples: SampleEntry[]) => void = () => undefined;
    const samplesKnown = new Promise<SampleEntry[]>((resolve) => (tellSamplesLoaded = resolve));

    /**
     * The start's look at storage: whether the browser keeps anything (a test write), what to say when it does not,
     * and what it keeps. The notice is shown at once; the start shows it again if opening a database cleared it.
     */
    async function checkStorage(): Promise<{
      storageAvailable: boolean;
      storageNotice: Notice | null;
      recent: StoredDatabaseMeta[];
      lastOpenId: string | null;
    }> {
      const probe = storage().durable ? await storage().probe() : ("refused" as const);
      // A full store still reads: what is kept there opens, and saves work again once space is freed.
      const storageAvailable = probe !== "refused";
      set({ storageAvailable });
      if (!storageAvailable && storage().durable) services.storageRefused();
      const storageNotice: Notice | null =
        probe === "writable"
          ? null
          : probe === "full"
            ? {
                kind: "error",
                message:
                  "The browser's storage for this page is full: what is kept here opens, but changes are not saved until space is freed (delete databases in Recent).",
              }
            : {
                kind: "info",
                message: "This browser does not allow storage here (private mode?). Everything works, but changes will not be kept after a reload.",
              };
      if (storageNotice) set({ notice: storageNotice });
      const [recent, lastOpenId] = storageAvailable ? await Promise.all([storage().listDatabases(), storage().lastOpenDatabaseId()]) : [[], null];
      return { storageAvailable, storageNotice, recent, lastOpenId };
    }

    /** Clears the notice of an earlier failed open (Notice.failedOpen), to be spread into the set that starts another. */
    function withoutFailedOpenNotice(): { notice?: null } {
      return get().notice?.failedOpen ? { notice: null } : {};
    }

    /** An open under way, shown as loading; the notice of an earlier failed open goes as it starts. */
    async function withLoading<T>(label: string, work: () => Promise<T>): Promise<T> {
      set({ loading: { label, fraction: null }, ...withoutFailedOpenNotice() });
      try {
        return await work();
      } finally {
        set({ loading: null });
      }
    }

    return {
      status: "starting",
      current: null,
      schema: null,
      samples: [],
      recent: [],
      storageAvailable: true,
      notice: null,
      saveFailure: null,
      loading: null,
      keepQuestion: null,

      async start() {
        services.channel.listen((announcement) => {
          const current = get().current;
          if (!current || announcement.id !== current.id || !conflicts.announcedIsNewer(announcement)) return;
          set({
            notice: {
              kind: "info",
              message: `${current.name} was just changed in another tab. Reopen it from Recent to see those changes; if you change it here, this tab's version will be saved as a copy.`,
            },
          });
        });
        // The storage check and the sample list do not depend on each other: fetch them together.
        const samplesLoaded = services
          .loadSampleManifest()
          .catch((error) => {
            set({ notice: { kind: "error", message: errorMessage(error) } });
            return [] as SampleEntry[];
          })
          .then((samples) => {
            tellSamplesLoaded(samples);
            return samples;
          });
        const storageChecked = checkStorage();
        // A save waits for the check: until then the store does not know whether the browser keeps anything.
        storageKnown = storageChecked.then(
          () => undefined,
          () => undefined,
        );
        let opened = false;
        let samples: SampleEntry[] | null = null;
        // A first visit (nothing named in the address, no kept database: html-start.ts read the hint) opens the sample
        // the worker has open without waiting for storage, whose first open on a first visit creates the browser's
        // database: it came ~70 ms after the first screen and the sample (bench, loopback), on the way to ready.
        const firstVisitSample = services.startedFirstVisitSample?.() ?? null;
        // A returning visit (the hint of a kept database) takes that database as the worker opened it, without
        // waiting for storage either: the start script read it from storage itself.
        const keptInWorker = firstVisitSample === null ? (services.keptDatabaseOpenedInWorker?.() ?? null) : null;
        if (firstVisitSample !== null) {
          samples = await samplesLoaded;
          set({ samples });
          if (samples[0]?.file === firstVisitSample) opened = await openStartingSample(samples[0]);
        } else if (keptInWorker) opened = await showKeptDatabaseOpenedInWorker(keptInWorker);
        if (opened) {
          markStart("ready");
          set({ status: "ready" });
        }
        const { storageAvailable, storageNotice, recent, lastOpenId } = await storageChecked;
        samples ??= await samplesLoaded;
        markStart("storage-and-list");
        set({ samples, recent });
        if (opened && firstVisitSample !== null && lastOpenId) {
          // A kept database after all (its hint was lost: cleared, or kept by an older version): it reopens, as it
          // would have had the start waited for storage.
          opened = (await get().reopenRecent(lastOpenId)) || opened;
        }
        const address = services.address();
        const requested = address && !opened ? databaseInAddress(address) : null;
        let urlNotice: Notice | null = null;
        if (address && requested) {
          opened = await openRequested(requested, samples);
          urlNotice = opened ? null : get().notice;
          // A reload should come back to the kept copy (with its edits), not download the original again.
          address.searchParams.delete("db");
          address.searchParams.delete("sample");
          history.replaceState(null, "", address);
        }
        // A course build opens on its database, or on the kept copy of it when that was the last one open; another
        // course on the same site (one browser storage per site) has its own.
        const course = opened ? null : (services.courseDatabase?.() ?? null);
        if (!opened && course) {
          const last = recent.find((meta) => meta.id === lastOpenId);
          opened = last && isCopyOf(last, course, samples) ? await get().reopenRecent(last.id) : await openRequested(course, samples);
        }
        if (!opened && lastOpenId) opened = await get().reopenRecent(lastOpenId);
        if (!opened && samples[0]) opened = await openStartingSample(samples[0]);
        if (!opened) opened = await get().newDatabase();
        services.forgetUntakenStartSample?.();
        // The database whose last save failed may not be the one reopened (it was never kept, or another was opened).
        if (opened && storageAvailable) reportEarlierFailure(null);
        // Opening the fallback database clears notices; the reason it was needed must stay on screen.
        const startupNotice = urlNotice ?? storageNotice;
        if (opened) markStart("ready");
        set({ status: opened ? "ready" : "failed", ...(startupNotice && get().notice === null ? { notice: startupNotice } : {}) });
      },

      loadedSamples() {
        return samplesKnown;
      },

      async openSample(sample) {
        return withLoading(`Opening ${sample.title}…`, async () => {
          try {
            // A sample of the size the list gives is the site's own file, whole: its pages need no check.
            const bytes = await services.loadSampleBytes(sample);
            return await openBytes(bytes, sample.title, "sample", newId(), undefined, { checkPages: !sampleIsWhole(sample, bytes) });
          } catch (error) {
            set({ notice: openFailed(errorMessage(error)) });
            return false;
          }
        });
      },

      async openFile(file) {
        if (isTableFile(file.name)) return get().importFile(file);
        // Larger than the page holds in memory: read on demand from the File (its slices, in the worker).
        if (readFileOnDemand(file.size)) {
          return withLoading(`Opening ${file.name} read-only, read on demand…`, () =>
            openReadOnDemand({ kind: "file", file, name: file.name }, file.name, "file"),
          );
        }
        const keep = await keepCopy(file.name, file.size);
        // The worker reads the File itself (openBlob), and the File is what is kept: the page never holds its bytes.
        return withLoading(`Reading ${file.name}…`, () => openBytes(file, file.name, "file", idFor(keep)));
      },

      async openUrl(url) {
        const label = `Downloading ${url}…`;
        return withLoading(label, async () => {
          try {
            const checked = checkDatabaseUrl(url);
            // A server that answers range requests lets a large database be read on demand instead of downloaded.
            const probe = checked.ok ? await probeRanges(checked.url.href) : null;
            if (checked.ok && probe && readUrlOnDemand(probe)) {
              const name = fileNameFromUrl(checked.url.href);
              set({ loading: { label: `Opening ${name} read-only, read on demand…`, fraction: null } });
              return await openReadOnDemand({ kind: "url", url: checked.url.href, sizeBytes: probe.sizeBytes, version: probe.version }, name, "url");
            }
            const fetched = await fetchDatabase(url, {
              onProgress: ({ receivedBytes, totalBytes }) =>
                set({
                  loading: {
                    label: `${label} ${formatBytes(receivedBytes)}${totalBytes ? ` of ${formatBytes(totalBytes)}` : ""}`,
                    fraction: totalBytes ? Math.min(1, receivedBytes / totalBytes) : null,
                  },
                }),
            });
            const keep = await keepCopy(fetched.name, fetched.content.size);
            set({ loading: { label: `Opening ${fetched.name}…`, fraction: null } });
            return await openBytes(fetched.content, fetched.name, "url", idFor(keep));
          } catch (error) {
            // Too large to download, and the server offers no other way: say what would have let it open.
            const noRanges = error instanceof DownloadError && error.kind === "too-large" ? ` ${RANGES_WOULD_HELP}` : "";
            set({ notice: openFailed(`${errorMessage(error)}${noRanges} The database that was open is still open.`) });
            return false;
          }
        });
      },

      async newDatabase() {
        const request = ++openRequests;
        set(withoutFailedOpenNotice());
        const outcome = await engine().open(null);
        if (!outcome.ok) {
          set({ notice: openFailed(outcome.error.message) });
          return false;
        }
        latestOpened = request;
        const bytes = await engine().exportDatabase();
        const meta: StoredDatabaseMeta = { id: newId(), name: "Untitled database", source: "new", sizeBytes: bytes.byteLength, updatedAt: Date.now() };
        set({ current: { ...meta, saveState: "saving" }, notice: null });
        await get().refreshSchema();
        await persist(meta, bytes);
        return true;
      },

      async reopenRecent(id) {
        set(withoutFailedOpenNotice());
        try {
          const stored = await storage().loadDatabase(id);
          if (!stored) {
            set({ notice: openFailed("That database is no longer stored in this browser.") });
            return false;
          }
          // The stored copy goes to the worker unread, which reads it; the page keeps the copy in the bytes' place.
          // Its pages were checked when it was first opened; checked again now, SQLite's check of every page stood
          // between a returning visit and its screen (~40 ms for the bookshop sample, ~2.3 s for the bench's 420 MB
          // database in Node), so it runs once the database is on screen (checkKeptPages).
          const opened = await openBytes(stored.copy, stored.meta.name, stored.meta.source, stored.meta.id, stored.meta.updatedAt, { checkPages: false });
          if (opened) checkKeptPages(stored.meta);
          return opened;
        } catch (error) {
          set({ notice: openFailed(`The stored database could not be read (${errorMessage(error)}).`) });
          return false;
        }
      },

      async deleteRecent(id) {
        if (get().current?.id === id) {
          set({ notice: { kind: "error", message: "The open database cannot be deleted; open another one first." } });
          return;
        }
        await storage().removeDatabase(id);
        set({ recent: await storage().listDatabases() });
      },

      async importFile(file) {
        const format = /\.json$/i.test(file.name) ? "json" : /\.(tsv|tab)$/i.test(file.name) ? "tsv" : "csv";
        set({ loading: { label: `Importing ${file.name}…`, fraction: 0 } });
        try {
          // The worker reads the File itself: the page never holds its bytes.
          const outcome = await engine().importTable(
            file.name,
            file,
            format,
            proxy((fraction: number) => set({ loading: { label: `Importing ${file.name}…`, fraction } })),
          );
          if (!outcome.ok) {
            set({ notice: { kind: "error", message: `${outcome.error.message} The database is unchanged.` } });
            return false;
          }
          const warnings = outcome.warnings.length > 0 ? ` ${outcome.warnings.join(" ")}` : "";
          set({
            notice: {
              kind: "info",
              message: `Imported ${formatCountOf(outcome.rowCount, "row")} into the new table ${outcome.tableName} (${outcome.columns.map((column) => `${column.name} ${column.type}`).join(", ")}).${warnings}`,
            },
          });
          await get().afterChange();
          return true;
        } catch (error) {
          set({ notice: { kind: "error", message: `${file.name} could not be imported (${errorMessage(error)}). The database is unchanged.` } });
          return false;
        } finally {
          set({ loading: null });
        }
      },

      /** Saves the database after a run or import changed it, unless a transaction is still open. */
      async afterChange() {
        const current = get().current;
        if (!current) return;
        // Registered in the task that ended the run, before anything else can be sent to the worker.
        let markKept: () => void = () => undefined;
        const kept = new Promise<void>((resolve) => (markKept = resolve));
        changesNotYetKept.add(kept);
        const handedOver = () => {
          changesNotYetKept.delete(kept);
          markKept();
        };
        try {
          // A change to the start's sample waited for the worker to hold it whole (DatabaseService.beforeChange), so what
          // is saved below is the whole file with the change: the download's own copy, if its word comes later, is older.
          if (loadingWhole?.id === current.id) loadingWhole = null;
          // Said at once, in the task that ended the run: a reload while the schema is read is then held by the leave
          // guard (it was "saved" until the export below, and a reload in between lost the change).
          set({ current: { ...current, saveState: "saving" } });
          const ticket = ++savesAsked;
          await get().refreshSchema();
          if (await engine().inTransaction()) {
            set({ current: { ...current, saveState: "unsaved-transaction" } });
            return;
          }
          // A Blob the worker made: the page stores and keeps it without holding or copying the database's bytes.
          const copy = await engine().exportDatabaseCopy();
          const meta: StoredDatabaseMeta = { ...current, sizeBytes: copy.size, updatedAt: Date.now() };
          // persist takes the copy as the latest at once and queues its save; a restart's reopen waits for that queue.
          const saved = persist(meta, copy, ticket);
          handedOver();
          await saved;
        } finally {
          handedOver();
        }
      },

      changeNotYetKept() {
        return changesNotYetKept.size === 0 ? null : Promise.all(changesNotYetKept).then(() => undefined);
      },

      /** After the worker was replaced, opens the last saved bytes again: the state before the stopped query. */
      async reloadAfterStop() {
        const current = get().current;
        if (!current) return;
        if (loadingWhole?.id === current.id) {
          // The stopped worker was still downloading the start's sample: this page downloads and opens it itself.
          const { sample } = loadingWhole;
          loadingWhole = null;
          try {
            const bytes = await services.loadSampleBytes(sample);
            const outcome = await engine().open(bytes, { checkPages: !sampleIsWhole(sample, bytes) });
            if (!outcome.ok) throw new Error(outcome.error.message);
            set({ current: { ...current, saveState: "saving" } });
            void persist(current, bytes);
          } catch (error) {
            set({ notice: { kind: "error", message: `The database could not be reopened after stopping: ${errorMessage(error)}` } });
          }
          await get().refreshSchema();
          return;
        }
        if (readOnDemandSource && current.saveState === "read-on-demand") {
          // Nothing was changed (it is read-only): open the same source again.
          const reopened = await engine().openLazy(readOnDemandSource);
          if (!reopened.ok) set({ notice: { kind: "error", message: `The database could not be reopened after stopping: ${reopened.error.message}` } });
          await get().refreshSchema();
          return;
        }
        await saveQueue.settled(); // the stored copy must be the latest before it is read back
        // After a refused save the stored copy is older than what the person had: the bytes in memory are the latest.
        const failed = get().current?.saveState === "failed";
        const stored =
          get().storageAvailable && !failed
            ? await storage()
                .loadDatabase(current.id)
                .catch(() => null)
            : null;
        let outcome: Awaited<ReturnType<ReturnType<typeof engine>["open"]>>;
        // The same database as before the Stop, whose pages were checked when it was opened (or are being checked, for
        // a kept copy reopened at start): SQLite's check of every page again would only delay its return, by ~2.3 s
        // for the bench's 420 MB database (in Node).
        if (stored) outcome = await engine().openBlob(stored.copy, { checkPages: false });
        else if (bytesInMemory instanceof Blob) {
          // The File the database was read from (openBytes' content), which the worker reads again.
          const reopened = await engine().openBlob(bytesInMemory, { checkPages: false });
          outcome =
            reopened.ok || reopened.error.kind !== "fetch-failed"
              ? reopened
              : { ok: false, error: { ...reopened.error, message: `${reopened.error.message} Open it again to go on.` } };
        } else if (bytesInMemory) outcome = await engine().open(bytesInMemory, { checkPages: false });
        else if (current.saveState === "saved")
          // Kept only in storage (reopened by the worker at start: showKeptDatabaseOpenedInWorker), and storage did
          // not give it back: an empty database in its place would be saved over it with the next change.
          outcome = {
            ok: false,
            error: { kind: "fetch-failed", message: "its copy kept in this browser could not be read; reload the page to open it again" },
          };
        else outcome = await engine().open(null);
        if (!outcome.ok) {
          // The worker holds an empty database in its place: a change saved now would replace the kept copy with it.
          notReopened.add(current.id);
          set({
            current: { ...current, saveState: "not-reopened" },
            notice: { kind: "error", message: `The database could not be reopened after stopping: ${outcome.error.message}` },
          });
        } else set({ current: { ...current, saveState: failed ? "failed" : get().storageAvailable ? "saved" : "not-kept" } });
        await get().refreshSchema();
      },

      async refreshSchema() {
        const opened = latestOpened;
        const schema = await engine().schema();
        // A database opened while this was read reads its own schema; this one may be the one it replaced.
        if (latestOpened !== opened) return;
        set({ schema });
        markStart("schema-read");
      },

      async downloadCurrent() {
        const current = get().current;
        if (!current) return;
        if (current.saveState === "read-on-demand") {
          set({
            notice: {
              kind: "info",
              message: `${current.name} is read on demand, not held in this page, so there is nothing here to download: it is at its own location.`,
            },
          });
          return;
        }
        const copy = await engine().exportDatabaseCopy();
        const name = /\.(sqlite3?|db3?)$/i.test(current.name) ? current.name : `${current.name.replace(/[^\w.-]+/g, "_")}.sqlite`;
        downloadBytes(copy, name, "application/vnd.sqlite3");
      },

      dismissNotice() {
        set({ notice: null });
      },

      dismissSaveFailure() {
        set({ saveFailure: null });
      },

      answerKeepQuestion(keep) {
        const answer = answerKeep;
        answerKeep = null;
        set({ keepQuestion: null });
        answer?.(keep);
      },
    };
  });
}

export const useDatabaseStore = createDatabaseStore(browserDatabaseServices());

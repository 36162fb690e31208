// The bundled sample databases: their manifest and their bytes, served from public/samples.
import * as z from "../core/zod-mini";
import { takeStartedManifest, takeStartedSample } from "./started-from-html";
import { FIRST_SAMPLE_DOWNLOAD_MESSAGE, type FirstSampleLoaded, type FirstSampleOpened } from "../../workers/first-sample";
import type { DatabaseSchema, OpenedDatabase, Outcome } from "../core/db/types";
import { checkedDatabaseSchema, openOutcomeSchema } from "./sqlite-replies";

/** One entry of public/samples/manifest.json, as scripts/generate-samples.ts writes it; the key order here is the order in the file. */
export const sampleEntrySchema = z.object({
  id: z.string(),
  file: z.string(),
  title: z.string(),
  description: z.string(),
  /** Tables, views excluded. */
  tables: z.number(),
  /** Rows across all tables. */
  rows: z.number(),
  /** Size of the .sqlite file. */
  bytes: z.number(),
  exampleQuestions: z.array(z.string()),
  /** A SELECT that returns something interesting; the editor starts with it. */
  exampleQuery: z.string(),
});
export type SampleEntry = z.infer<typeof sampleEntrySchema>;

export function sampleUrl(file: string): string {
  return `${import.meta.env.BASE_URL}samples/${file}`;
}

/**
 * A response index.html's start script began, or, when there is none, or it failed or was refused (the script's
 * relative URL can miss the app's own base), the app's own request for `url`.
 */
async function orFetchedAgain(started: Promise<Response> | null | undefined, url: string): Promise<Response> {
  const response = started ? await started.catch(() => null) : null;
  return response?.ok ? response : fetch(url);
}

let manifestRequest: Promise<SampleEntry[]> | null = null;
/** Samples whose download started before the store asked for them (app/browser/first-visit-fetches.ts), by file. */
const earlyDownloads = new Map<string, Promise<Response>>();

/** The list is fetched once per page: the first call (at start-up, in parallel with the rest) serves them all. */
export function loadSampleManifest(): Promise<SampleEntry[]> {
  manifestRequest ??= fetchSampleManifest();
  // A failed request is not kept: a later call (reopening the gallery) tries again.
  manifestRequest.catch(() => (manifestRequest = null));
  return manifestRequest;
}

async function fetchSampleManifest(): Promise<SampleEntry[]> {
  const response = await orFetchedAgain(takeStartedManifest(), sampleUrl("manifest.json"));
  if (!response.ok) throw new Error(`The sample list could not be loaded (HTTP ${response.status}).`);
  return z.array(sampleEntrySchema).parse(await response.json());
}

/** The sample the first worker is opening on a first visit (index.html's start script asked it), by file. */
let openingInWorker: {
  file: string;
  url: string;
  worker: Worker;
  opened: Promise<FirstSampleOpened | null>;
  loaded: Promise<FirstSampleLoaded | null>;
} | null = null;

/** The sample index.html's start script began to open or download on what it took for a first visit. */
let startedFile: string | null = null;
/** The same when the first SQLite worker opens it (not the page's own download). */
let startedInWorker: string | null = null;

/** What index.html's start script began on a first visit: a download joins the early ones; a worker's open waits to be taken. */
function adoptStartedSample(): void {
  const started = takeStartedSample();
  if (!started) return;
  startedFile = started.file;
  if ("response" in started) {
    if (!earlyDownloads.has(started.file)) earlyDownloads.set(started.file, started.response);
  } else {
    openingInWorker = { file: started.file, url: started.url, worker: started.openedIn, opened: started.opened, loaded: started.loaded };
    startedInWorker = started.file;
    openedByWorker.push(started.url);
  }
}

/**
 * The file of the sample index.html's start script began to open (or download) because the page had neither a
 * database in its address nor the hint of a kept one: a first visit, as far as it could tell without IndexedDB. Null
 * when it began none.
 */
export function startedFirstVisitSample(): string | null {
  adoptStartedSample();
  return startedFile;
}

/** Samples the first SQLite worker opened: the start script downloaded them, or the worker did when that failed (then they are not in the page's resource timing). */
const openedByWorker: string[] = [];

/** The addresses of samples the SQLite worker opened at the start, for the offline cache to fetch again once it is in control. */
export function sampleUrlsOpenedByWorker(): readonly string[] {
  adoptStartedSample();
  return openedByWorker;
}

export interface SampleOpenedInWorker {
  outcome: Outcome<OpenedDatabase>;
  /** null when the worker could not read it: the store reads it as usual. */
  schema: DatabaseSchema | null;
  /** The sample's bytes, for the saved copy and for reopening after a Stop; null while the worker reads it on demand. */
  bytes: Uint8Array | null;
  /** When bytes is null: the bytes once the worker holds the sample whole, or why it does not (it stays read on demand). */
  whole: Promise<WholeSample> | null;
  /** Where the worker read it (absolute): a sample left read on demand is opened from there again after a Stop. */
  url: string;
  /** When bytes is null: tells the worker the first screen is drawn, so it may download the file now. */
  beginDownload(): void;
}

export type WholeSample = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

/** The worker's second answer, checked: its bytes, or why there are none. */
async function wholeSample(loaded: Promise<FirstSampleLoaded | null>): Promise<WholeSample> {
  const answer = await loaded;
  if (answer?.loaded && answer.bytes instanceof Uint8Array) return { ok: true, bytes: answer.bytes };
  return {
    ok: false,
    reason: answer && !answer.loaded && typeof answer.reason === "string" ? answer.reason : "the SQLite worker stopped before it had the file",
  };
}

/**
 * The sample as the first worker opened it, when that worker (`currentWorker`: the connection has not been restarted
 * since) opened this sample at the start script's request; null otherwise, and when its download failed or its answer
 * is unreadable: the store then downloads and opens it itself. Taken once.
 */
export async function takeSampleOpenedInWorker(sample: SampleEntry, currentWorker: () => Worker | null): Promise<SampleOpenedInWorker | null> {
  adoptStartedSample();
  const opening = openingInWorker;
  if (!opening || opening.file !== sample.file) return null;
  openingInWorker = null;
  const answer = await opening.opened;
  if (!answer?.opened || opening.worker !== currentWorker() || !(answer.bytes instanceof Uint8Array || answer.bytes === null)) return null;
  const outcome = openOutcomeSchema.safeParse(answer.outcome);
  // By hand, as the worker's schema replies are (the same verdicts as zod's, which the page's CSP keeps slow).
  const schema = answer.schema === null ? null : checkedDatabaseSchema(answer.schema);
  if (!outcome.success || (answer.schema !== null && !schema)) return null;
  const bytes = answer.bytes;
  return {
    outcome: outcome.data,
    schema,
    bytes,
    whole: bytes ? null : wholeSample(opening.loaded),
    url: opening.url,
    beginDownload: () => opening.worker.postMessage({ type: FIRST_SAMPLE_DOWNLOAD_MESSAGE }),
  };
}

/**
 * Lets go of what was started ahead for the start's first sample and not taken, once the start has opened its
 * database (a kept or linked one instead of the sample, say): the worker's answer and an early download each hold
 * the sample's bytes (~3 MB) for as long as this module refers to them. A later open of the sample fetches it again.
 */
export function forgetUntakenStartSample(): void {
  adoptStartedSample();
  openingInWorker = null;
  // Only the start prefetches (first-visit-fetches.ts): what is still here was not taken by it.
  earlyDownloads.clear();
}

/** Starts a sample's download ahead of opening it; the next loadSampleBytes of that sample takes the response. */
export function prefetchSample(sample: SampleEntry): void {
  adoptStartedSample();
  // The first worker is downloading it: a second download would only compete with that one. Even once the store has
  // taken the worker's open (a first visit takes it before storage has answered): should the worker have failed, the
  // store downloads the sample itself.
  if (startedInWorker === sample.file) return;
  if (!earlyDownloads.has(sample.file)) earlyDownloads.set(sample.file, fetch(sampleUrl(sample.file)));
}

export async function loadSampleBytes(sample: SampleEntry): Promise<Uint8Array> {
  adoptStartedSample();
  const early = earlyDownloads.get(sample.file);
  earlyDownloads.delete(sample.file);
  const response = await orFetchedAgain(early, sampleUrl(sample.file));
  if (!response.ok) throw new Error(`The sample ${sample.title} could not be loaded (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * A bundled sample of the size the list gives is whole, so it may open without SQLite's page check. The list and the
 * files have fixed names, so a cached list and a newer file (the HTTP cache, the service worker offline) can disagree:
 * such a file is still opened, with the check.
 */
export function sampleIsWhole(sample: SampleEntry, bytes: Uint8Array): boolean {
  return bytes.byteLength === sample.bytes;
}

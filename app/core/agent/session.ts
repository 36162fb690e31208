// A session that travels: the database a question ran on (by reference, or the file itself when small), the question,
// the pruning, the full trace and the final SQL, as one versioned document, written as a file or as a link's fragment.
// Built only from what the run's data-sharing level allowed to leave the page, and never with a key.
import { strFromU8, strToU8, Unzlib, zlibSync } from "fflate";
import { z } from "zod";
import { dataSharingSchema, DATA_SHARING_LABELS, sharesResults, type DataSharing } from "../data-sharing";
import { errorMessage } from "../error-message";
import { formatBytes, formatCount, formatCountOf } from "../format";
import { schemaPruningSummarySchema } from "../schema/pruning-summary";
import type { AgentEvent, RunEvent } from "./events";
import { notAQueryLabFile, parseBoundedJson, TRACE_LIMITS, traceSchema, traceJsonReplacer, turnCount, type Trace } from "./trace";

export const SESSION_FORMAT = "querylab-session";
export const SESSION_VERSION = 1;

export const SESSION_LIMITS = {
  /**
   * The link's fragment (#session=…). Browsers take URLs of megabytes, but mail and chat apps cut long ones; past
   * this the session is saved as a file to host instead.
   */
  linkCharacters: 64 * 1024,
  /** A database travels inside a session only when its deflated bytes are at most this (the "small file" rule). */
  embeddedDatabaseBytes: 256 * 1024,
  /** What an embedded database may inflate to: a deflate bomb in a hostile session stops here. */
  inflatedDatabaseBytes: 64 * 1024 * 1024,
  /** A session file (checked on its size before it is read) and a link's inflated JSON: a trace's limit plus the database. */
  bytes: TRACE_LIMITS.bytes + 1024 * 1024,
  turns: TRACE_LIMITS.turns,
  events: TRACE_LIMITS.events,
  depth: TRACE_LIMITS.depth,
} as const;
export type SessionLimits = { [Key in keyof typeof SESSION_LIMITS]: number };

const httpUrlSchema = z.string().refine((value) => /^https?:\/\//i.test(value) && URL.canParse(value), "not an http(s) address");

/** Where the database comes from when the session is opened. */
export const sessionDatabaseSchema = z.discriminatedUnion("kind", [
  /** A sample bundled with the app, by its manifest id. */
  z.object({ kind: z.literal("sample"), sample: z.string(), name: z.string(), contentKey: z.string().optional() }),
  /** A database the page downloaded from this address (?db=). */
  z.object({ kind: z.literal("url"), url: httpUrlSchema, name: z.string(), contentKey: z.string().optional() }),
  /** The file itself, compressed (zlib) and in base64url: only under "+ query results", and only when small. */
  z.object({ kind: z.literal("embedded"), name: z.string(), deflated: z.string(), contentKey: z.string().optional() }),
  /** Named only: the file could not travel (its data-sharing level, or its size); the replay shows the trace alone. */
  z.object({ kind: z.literal("not-included"), name: z.string(), reason: z.string() }),
]);
export type SessionDatabase = z.infer<typeof sessionDatabaseSchema>;

export const pruningSettingsSchema = z.object({ budget: z.number(), pinned: z.array(z.string()), excluded: z.array(z.string()) });
export type PruningSettings = z.infer<typeof pruningSettingsSchema>;

export const sessionSchema = z.object({
  format: z.literal(SESSION_FORMAT),
  version: z.literal(SESSION_VERSION),
  createdAt: z.number(),
  /** The data-sharing level the session obeys (the run's). */
  sharing: dataSharingSchema,
  database: sessionDatabaseSchema,
  question: z.string(),
  pruning: z.object({
    /** The pruning settings when the session was made (budget, pins, exclusions). */
    settings: pruningSettingsSchema.nullable(),
    /** What the run's schema kept (from its run-start); null when the schema went unpruned or before pruning existed. */
    summary: z.nullable(schemaPruningSummarySchema),
  }),
  trace: traceSchema,
  /** The answer's SQL (the trace's final event), null when the run ended without one. */
  finalSql: z.string().nullable(),
  /** What was taken out before the session left the page, in words (shown to the person sharing and opening it). */
  removed: z.array(z.string()),
});
export type Session = z.infer<typeof sessionSchema>;

/** The database as the page knows it when sharing: the session decides what of it may travel. */
export type DatabaseOrigin =
  | { kind: "sample"; sample: string; name: string; contentKey?: string }
  | { kind: "url"; url: string; name: string; contentKey?: string }
  | { kind: "file"; name: string; contentKey?: string; bytes: () => Promise<Uint8Array> }
  /** The trace's database is not at hand (another is open): the session names it and says why it is not attached. */
  | { kind: "absent"; name: string; reason: string };

export interface SessionInput {
  trace: Trace;
  database: DatabaseOrigin;
  pruningSettings: PruningSettings | null;
  /** The level in force now: used only for a trace that predates recording its own (the more private of the two wins). */
  currentSharing: DataSharing | null;
  /** Every key the page holds: none may appear in the session, whatever a recorded request carried. */
  secrets: readonly string[];
  limits?: SessionLimits;
  now?: number;
}

const PRIVACY_ORDER: readonly DataSharing[] = ["schema", "profiles", "results"];

/** The data-sharing level a trace was made under: its run-start's, else the level in force, never more than either. */
export function sessionSharing(trace: Trace, currentSharing: DataSharing | null): DataSharing {
  const recorded = runStarts(trace.events).find((start) => start.sharing !== undefined)?.sharing;
  const known = [recorded, currentSharing].filter((level): level is DataSharing => level !== undefined && level !== null);
  if (known.length === 0) return "schema";
  return known.reduce((most, level) => (PRIVACY_ORDER.indexOf(level) < PRIVACY_ORDER.indexOf(most) ? level : most));
}

function runStarts(events: readonly AgentEvent[]): Extract<RunEvent, { type: "run-start" }>[] {
  const starts: Extract<RunEvent, { type: "run-start" }>[] = [];
  for (const event of events) {
    if (event.type === "run-start") starts.push(event);
    if (event.type === "candidate" && event.event.type === "run-start") starts.push(event.event);
  }
  return starts;
}

/** The answer's SQL: the trace's final event. */
export function finalSqlOf(trace: Trace): string | null {
  for (let index = trace.events.length - 1; index >= 0; index -= 1) {
    const event = trace.events[index]!;
    if (event.type === "final") return event.sql;
  }
  return null;
}

/**
 * The trace without what its level kept in the page only: the rows of query results (each observation's and the
 * answer's small grid) unless results could be shared. Columns and row counts stay: the model was told those under
 * every level. What was sent (prompts, observation texts, raw exchanges) obeyed the level when the run was made.
 * Every result anywhere in the trace is found (a run's, a voting candidate's, a fork's), whatever holds it.
 */
export function withoutUnsharedRows(trace: Trace, sharing: DataSharing): { trace: Trace; removedResults: number } {
  if (sharesResults(sharing)) return { trace, removedResults: 0 };
  let removedResults = 0;
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (typeof value !== "object" || value === null || value instanceof Uint8Array) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) copy[key] = strip(child);
    const result = copy.result;
    const isResultEvent = copy.type === "observation" || copy.type === "final";
    if (isResultEvent && typeof result === "object" && result !== null && "rows" in result && Array.isArray(result.rows)) {
      if (result.rows.length > 0) removedResults += 1;
      copy.result = { ...result, rows: [] };
    }
    return copy;
  };
  return { trace: strip(trace) as Trace, removedResults };
}

/** The parts of an address that are credentials (user and password), which a shared session must not carry. */
function credentialsIn(address: string): string[] {
  try {
    const url = new URL(address);
    return [url.username, url.password].map(decodeURIComponent).filter((part) => part !== "");
  } catch {
    return [];
  }
}

/** A key this short cannot be told from ordinary text (it would replace parts of the JSON itself); real keys are far longer. */
const SHORTEST_SECRET = 8;

/** Every occurrence of a secret in any string of the value replaced; applied to the JSON text, where strings are escaped. */
function withoutSecrets<Value>(value: Value, secrets: readonly string[]): Value {
  let text = JSON.stringify(value);
  let changed = false;
  for (const secret of new Set(secrets)) {
    if (secret.length < SHORTEST_SECRET) continue;
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (!text.includes(escaped)) continue;
    text = text.split(escaped).join("[key removed]");
    changed = true;
  }
  return changed ? (JSON.parse(text) as Value) : value;
}

async function travellingDatabase(
  origin: DatabaseOrigin,
  sharing: DataSharing,
  limits: SessionLimits,
): Promise<{ database: SessionDatabase; removed: string[] }> {
  if (origin.kind === "absent") return { database: { kind: "not-included", name: origin.name, reason: origin.reason }, removed: [origin.reason] };
  const contentKey = origin.contentKey === undefined ? {} : { contentKey: origin.contentKey };
  if (origin.kind === "sample") return { database: { kind: "sample", sample: origin.sample, name: origin.name, ...contentKey }, removed: [] };
  if (origin.kind === "url") return { database: { kind: "url", url: origin.url, name: origin.name, ...contentKey }, removed: [] };
  // The file is every value it holds: it travels only when the person allowed query results to leave the page.
  if (!sharesResults(sharing)) {
    const reason = `the database file (${origin.name}) is not included under “${DATA_SHARING_LABELS[sharing]}”: it holds every value`;
    return { database: { kind: "not-included", name: origin.name, reason }, removed: [reason] };
  }
  const deflated = compress(await origin.bytes());
  if (deflated.byteLength > limits.embeddedDatabaseBytes) {
    const reason = `the database file (${origin.name}) is not included: compressed it is ${formatBytes(deflated.byteLength)}, and a session carries one of up to ${formatBytes(limits.embeddedDatabaseBytes)}`;
    return { database: { kind: "not-included", name: origin.name, reason }, removed: [reason] };
  }
  return { database: { kind: "embedded", name: origin.name, deflated: toBase64Url(deflated), ...contentKey }, removed: [] };
}

/** Builds the session of a finished trace, obeying its data-sharing level and carrying no key. */
export async function createSession(input: SessionInput): Promise<Session> {
  const limits = input.limits ?? SESSION_LIMITS;
  const sharing = sessionSharing(input.trace, input.currentSharing);
  const { trace, removedResults } = withoutUnsharedRows(input.trace, sharing);
  const { database, removed: databaseRemoved } = await travellingDatabase(input.database, sharing, limits);
  const removed = [
    ...(removedResults > 0
      ? [
          `the rows of ${formatCountOf(removedResults, "query result")} (columns and row counts kept): “${DATA_SHARING_LABELS[sharing]}” did not send them to the model`,
        ]
      : []),
    ...databaseRemoved,
  ];
  const summary = runStarts(trace.events).find((start) => start.schema !== undefined)?.schema ?? null;
  const session: Session = {
    format: SESSION_FORMAT,
    version: SESSION_VERSION,
    createdAt: input.now ?? Date.now(),
    sharing,
    database,
    question: trace.question,
    pruning: { settings: input.pruningSettings, summary },
    trace,
    finalSql: finalSqlOf(trace),
    removed,
  };
  // Requests are recorded without headers, so no key should be here; a key written into an address or a prompt still is not.
  const secrets = [...input.secrets, ...credentialsIn(trace.baseUrl), ...runStarts(trace.events).flatMap((start) => credentialsIn(start.baseUrl))];
  return withoutSecrets(JSON.parse(JSON.stringify(session, traceJsonReplacer)) as Session, secrets);
}

/** The session as a file: readable JSON, like an exported trace. */
export function sessionFileText(session: Session): string {
  return JSON.stringify(session, traceJsonReplacer, 2);
}

/** The link's fragment value: the session's JSON deflated and in base64url (no server ever sees a fragment). */
export function sessionLinkPayload(session: Session): string {
  return toBase64Url(compress(strToU8(JSON.stringify(session, traceJsonReplacer))));
}

export type SessionShare = { kind: "link"; payload: string } | { kind: "file"; text: string; payloadCharacters: number };

/** A link when the compressed session fits one, else a file to host (with the size that ruled the link out). */
export function shareForm(session: Session, limits: SessionLimits = SESSION_LIMITS): SessionShare {
  const payload = sessionLinkPayload(session);
  if (payload.length <= limits.linkCharacters) return { kind: "link", payload };
  return { kind: "file", text: sessionFileText(session), payloadCharacters: payload.length };
}

export type SessionRead = { ok: true; session: Session } | { ok: false; message: string };

/** Reads the fragment value of a session link (after "#session="), every step bounded. */
export function readSessionLink(payload: string, limits: SessionLimits = SESSION_LIMITS): SessionRead {
  if (payload.length > limits.linkCharacters * 2) {
    return {
      ok: false,
      message: `The link's session is ${formatCount(payload.length)} characters; a QueryLab link holds up to ${formatCount(limits.linkCharacters)}.`,
    };
  }
  if (!/^[A-Za-z0-9_-]*$/.test(payload)) {
    return { ok: false, message: "The link is damaged: its session holds characters a QueryLab link never has. Copy the whole link again." };
  }
  const bytes = fromBase64Url(payload);
  if (!bytes) return { ok: false, message: "The link is damaged or cut short: its session ends in the middle of a character. Copy the whole link again." };
  const inflated = decompressBounded(bytes, limits.bytes);
  if (!inflated.ok) {
    return {
      ok: false,
      message: inflated.tooLarge
        ? `The link's session would expand past ${formatBytes(limits.bytes)}; sessions up to that size can be opened.`
        : `The link is damaged or cut short: its session could not be decompressed (${inflated.message}). Copy the whole link again.`,
    };
  }
  let text: string;
  try {
    text = strFromU8(inflated.bytes);
  } catch (error) {
    return { ok: false, message: `The link is damaged: its session is not text (${errorMessage(error)}).` };
  }
  const read = readSessionText(text, limits);
  return read.ok ? read : { ok: false, message: `The link's session could not be opened: ${read.message}` };
}

/** Reads a session file's text (its size was checked before it was read: checkSessionFileSize). */
export function readSessionFile(text: string, limits: SessionLimits = SESSION_LIMITS): SessionRead {
  return readSessionText(text, limits);
}

/** The refusal for a session file larger than the limit, from its size alone. */
export function checkSessionFileSize(sizeBytes: number, limits: SessionLimits = SESSION_LIMITS): string | null {
  if (sizeBytes <= limits.bytes) return null;
  return `The file is ${formatBytes(sizeBytes)}; sessions up to ${formatBytes(limits.bytes)} can be opened.`;
}

function readSessionText(text: string, limits: SessionLimits): SessionRead {
  const read = parseBoundedJson(text, limits, "session");
  if (!read.ok) return read;
  const value = read.value as { format?: unknown; version?: unknown; trace?: { events?: unknown } } | null;
  if (typeof value !== "object" || value === null || value.format !== SESSION_FORMAT) {
    return { ok: false, message: "The file is not a QueryLab session (it does not say it is one)." };
  }
  if (typeof value.version === "number" && value.version !== SESSION_VERSION) {
    return {
      ok: false,
      message: `The session is version ${value.version}; this QueryLab reads version ${SESSION_VERSION}${value.version > SESSION_VERSION ? " (it was made by a newer QueryLab)" : ""}.`,
    };
  }
  const events = value.trace?.events;
  if (Array.isArray(events) && events.length > limits.events) {
    return { ok: false, message: `The session's trace has ${formatCount(events.length)} events; up to ${formatCount(limits.events)} can be opened.` };
  }
  const parsed = sessionSchema.safeParse(value);
  if (!parsed.success) return { ok: false, message: notAQueryLabFile("session", parsed.error.issues[0]) };
  const session = parsed.data;
  const turns = turnCount(session.trace.events);
  if (turns > limits.turns)
    return { ok: false, message: `The session's trace has ${formatCount(turns)} turns; up to ${formatCount(limits.turns)} can be opened.` };
  // The parts repeat each other; a session whose parts disagree was edited by hand, and which part to believe is unknown.
  if (session.finalSql !== finalSqlOf(session.trace) || session.question !== session.trace.question) {
    return { ok: false, message: "The session was changed after it was made: its final SQL or question does not match its trace." };
  }
  return { ok: true, session };
}

/** The bytes of an embedded database, inflated with the limit; a message when they cannot be read. */
export function embeddedDatabaseBytes(
  database: Extract<SessionDatabase, { kind: "embedded" }>,
  limits: SessionLimits = SESSION_LIMITS,
): { ok: true; bytes: Uint8Array } | { ok: false; message: string } {
  const deflated = fromBase64Url(database.deflated);
  if (!deflated) return { ok: false, message: `The database in the session (${database.name}) is damaged: it is not base64url.` };
  if (deflated.byteLength > limits.embeddedDatabaseBytes) {
    return {
      ok: false,
      message: `The database in the session is ${formatBytes(deflated.byteLength)} compressed; a session carries one of up to ${formatBytes(limits.embeddedDatabaseBytes)}.`,
    };
  }
  const inflated = decompressBounded(deflated, limits.inflatedDatabaseBytes);
  if (inflated.ok) return inflated;
  return {
    ok: false,
    message: inflated.tooLarge
      ? `The database in the session would expand past ${formatBytes(limits.inflatedDatabaseBytes)}; it was not opened.`
      : `The database in the session (${database.name}) is damaged: ${inflated.message}.`,
  };
}

/** Deflate in the zlib wrapper: its Adler-32 of the content tells a damaged or edited link from a good one. */
function compress(bytes: Uint8Array): Uint8Array {
  return zlibSync(bytes, { level: 9 });
}

/** Adler-32 (RFC 1950), the zlib trailer's checksum; fflate writes it but does not check it when inflating. */
function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (let offset = 0; offset < bytes.byteLength; offset += 3800) {
    const end = Math.min(offset + 3800, bytes.byteLength);
    for (let index = offset; index < end; index += 1) {
      a += bytes[index]!;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** How much compressed input is inflated at a time: deflate expands at most about 1,032 times, so a step stays bounded. */
const INFLATE_STEP = 16 * 1024;

/**
 * Inflates zlib data, stopping as soon as the output passes maxBytes (a few bytes can claim gigabytes), and checks the
 * output against the trailer's Adler-32.
 */
function decompressBounded(data: Uint8Array, maxBytes: number): { ok: true; bytes: Uint8Array } | { ok: false; tooLarge: boolean; message: string } {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const inflater = new Unzlib((chunk, final) => {
    total += chunk.byteLength;
    if (total <= maxBytes) chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    if (data.byteLength < 6) throw new Error("too short to be compressed data");
    for (let offset = 0; offset < data.byteLength && total <= maxBytes; offset += INFLATE_STEP) {
      inflater.push(data.subarray(offset, offset + INFLATE_STEP), offset + INFLATE_STEP >= data.byteLength);
    }
  } catch (error) {
    return { ok: false, tooLarge: false, message: errorMessage(error) };
  }
  if (total > maxBytes) return { ok: false, tooLarge: true, message: "too large" };
  if (!ended) return { ok: false, tooLarge: false, message: "it ends early" };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const trailer = new DataView(data.buffer, data.byteOffset + data.byteLength - 4, 4).getUint32(0);
  if (adler32(bytes) !== trailer) return { ok: false, tooLarge: false, message: "its checksum does not match its content" };
  return { ok: true, bytes };
}

/** base64url (RFC 4648 §5, no padding): safe in a URL fragment as it stands. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  // In slices: String.fromCharCode(...bytes) overflows the stack on a large array.
  for (let offset = 0; offset < bytes.byteLength; offset += 0x8000) binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of base64url text, or null when it is not base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    // Only the canonical spelling: a last character whose unused bits differ would read as the same bytes.
    return toBase64Url(bytes) === text ? bytes : null;
  } catch {
    return null;
  }
}

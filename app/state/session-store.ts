// Shared sessions in the page: Share makes one of the finished trace on screen (a link, or a file when too large), and
// opening one (a link, ?session=URL, a file) loads its database, shows its trace in replay and runs its final SQL
// read-only. No model is called and nothing is fetched but the session file and the database's own address.
import { create } from "zustand";
import type { DatabaseOrigin, Session, SessionShare } from "../core/agent/session";
import type { DataSharing } from "../core/data-sharing";
import { traceView } from "../core/agent/trace";
import { errorMessage } from "../core/error-message";
import { sqliteConnection } from "../browser/services";
import { downloadBytes } from "../browser/download";
import type { SampleEntry } from "../browser/samples";
import { fetchDatabase, fileNameFromUrl } from "../browser/fetch-database";
import { addressableDatabase, fullAppAddress, startAddress } from "../browser/page-address";
import { courseSettings } from "../browser/course";
import { sessionFileAddress, sessionLink, withoutSession, type SessionInAddress } from "../browser/session-address";
import { useAgentStore } from "./agent-store";
import { useDatabaseStore } from "./database-store";
import { useEditorStore } from "./editor-store";
import { usePruneStore } from "./prune-store";
import { useSettingsStore } from "./settings-store";
import { workspaceSettled } from "./thread-workspace";
import { workspaceWatchdog } from "./workspace-watchdog";

/** What the Share dialog shows: the link (or why it is a file), and what the session left out. */
export interface SharedSession {
  session: Session;
  share: SessionShare;
  /** The link to copy, when the session fits one. */
  link: string | null;
  /** The address that opens the file once hosted (its URL in place of the placeholder). */
  fileAddress: string;
  fileName: string;
  /** The longest link a session takes (characters after #session=). */
  linkLimit: number;
}

/** The session on screen, opened from a link or a file: the banner above its trace says what it is and what it lacks. */
export interface OpenedSession {
  traceId: string;
  sharing: DataSharing;
  removed: string[];
  /** Why the answer's rows could not be shown (no database, or its query failed here), or null. */
  databaseNote: string | null;
}

interface SessionState {
  shared: SharedSession | null;
  sharing: boolean;
  opened: OpenedSession | null;
  share(): Promise<void>;
  closeShare(): void;
  saveSharedFile(): Promise<void>;
  openFromAddress(found: SessionInAddress): Promise<void>;
  openFile(file: File): Promise<void>;
}

/** Rows of the final SQL shown with the answer, as a live run keeps them. */
const ANSWER_ROWS = 20;

/** A message above the trace, after the open database's workspace is back (its arrival clears the notice). */
async function say(message: string): Promise<void> {
  await workspaceSettled();
  useAgentStore.setState({ notice: message });
}

/** The open database as a session may carry it: a sample or the ?db= address it came from, else its bytes. */
async function databaseOrigin(traceDatabaseName: string): Promise<DatabaseOrigin> {
  const { current, samples } = useDatabaseStore.getState();
  if (!current || current.name !== traceDatabaseName) {
    return {
      kind: "absent",
      name: traceDatabaseName,
      reason: `the trace was made on ${traceDatabaseName}, which is not the database open now (${current?.name ?? "none"}), so it could not be attached`,
    };
  }
  const engine = sqliteConnection().engine;
  const contentKey = await engine.contentKey();
  const started = startAddress().database ?? courseSettings()?.database ?? null;
  const request = addressableDatabase(current, samples, started, fileNameFromUrl);
  if (request?.kind === "sample") return { kind: "sample", sample: request.id, name: current.name, contentKey };
  if (request?.kind === "url") return { kind: "url", url: new URL(request.url, location.href).href, name: current.name, contentKey };
  return { kind: "file", name: current.name, contentKey, bytes: () => engine.exportDatabase() };
}

/** Whether the open database is the session's (same source and name; same content when the session knows it). */
async function isSessionDatabase(database: Session["database"], samples: SampleEntry[]): Promise<boolean> {
  const { current } = useDatabaseStore.getState();
  if (!current) return false;
  if (database.kind === "sample") {
    if (current.source !== "sample" || current.name !== samples.find((sample) => sample.id === database.sample)?.title) return false;
  } else if (database.kind === "url") {
    if (current.source !== "url" || current.name !== fileNameFromUrl(database.url)) return false;
  } else return false;
  return database.contentKey === undefined || (await sqliteConnection().engine.contentKey()) === database.contentKey;
}

/** Opens the session's database unless it is open already; a note when the answer cannot be run against it. */
async function openSessionDatabase(session: Session): Promise<string | null> {
  const { database } = session;
  const store = useDatabaseStore.getState();
  if (database.kind === "not-included")
    return `The database was not shared: ${database.reason}. Open ${database.name} yourself and run the final SQL to see its rows.`;
  if (database.kind === "embedded") {
    const { embeddedDatabaseBytes } = await import("../core/agent/session");
    const bytes = embeddedDatabaseBytes(database);
    if (!bytes.ok) return bytes.message;
    const opened = await store.openFile(new File([bytes.bytes as Uint8Array<ArrayBuffer>], database.name));
    return opened ? null : `The database in the session (${database.name}) could not be opened; ${useDatabaseStore.getState().notice?.message ?? ""}`;
  }
  // The sample list, awaited: a shared link opened on a returning visit applies once the kept database is ready,
  // which can come before the list.
  const samples = await store.loadedSamples();
  if (await isSessionDatabase(database, samples)) return null;
  if (database.kind === "sample") {
    const sample = samples.find((entry) => entry.id === database.sample);
    if (!sample) return `The session's sample “${database.name}” is not among this QueryLab's samples.`;
    return (await store.openSample(sample)) ? null : `The sample ${database.name} could not be opened.`;
  }
  const opened = await store.openUrl(database.url);
  return opened ? null : `The session's database (${database.url}) could not be opened: ${useDatabaseStore.getState().notice?.message ?? "see above"}`;
}

/** A note when the database open here is not the content the session was made on (its copy there had been changed). */
async function differsFromSession(database: Session["database"]): Promise<string | null> {
  if (database.kind === "not-included" || database.contentKey === undefined) return null;
  if ((await sqliteConnection().engine.contentKey()) === database.contentKey) return null;
  return `${database.name} here is not the same as the copy the session was made on (that one had been changed), so the answer's rows below are this copy's and may differ.`;
}

/** The final SQL run here, read-only (a session is someone else's text: it may hold any statement). */
async function answerRows(
  sql: string,
): Promise<{ ok: true; result: { columns: string[]; rows: unknown[][]; rowCount: number; elapsedMs: number } } | { ok: false; message: string }> {
  const limitMs = useSettingsStore.getState().llm.queryTimeLimitMs;
  const outcome = await workspaceWatchdog().readOnlyView({ limitMs }).executeReadOnly(sql, { maxRows: ANSWER_ROWS, timeoutMs: limitMs });
  return outcome.ok ? { ok: true, result: outcome } : { ok: false, message: outcome.error.message };
}

/** Puts a read session on screen: its database, its trace stepped from the start, the answer's rows from this database. */
async function showSession(session: Session): Promise<void> {
  const databaseNote = await openSessionDatabase(session);
  // The database's own workspace comes back when it opens; the session's trace goes on screen after it.
  await workspaceSettled();
  let trace = session.trace;
  let note = databaseNote ?? (await differsFromSession(session.database));
  if (session.finalSql !== null && databaseNote === null) {
    const answer = await answerRows(session.finalSql);
    if (answer.ok) {
      const { columns, rows, rowCount, elapsedMs } = answer.result;
      const events = trace.events.map((event) =>
        event.type === "final" ? { ...event, result: { columns, rows: rows as NonNullable<typeof event.result>["rows"], rowCount, elapsedMs } } : event,
      );
      trace = { ...trace, events };
    } else note = `The final SQL did not run on this database: ${answer.message}`;
  }
  if (session.finalSql !== null) useEditorStore.getState().setText(session.finalSql);
  useAgentStore.setState({ trace, view: traceView(trace.events), question: trace.question, replayStep: 0, notice: null, thread: null });
  useSessionStore.setState({ opened: { traceId: trace.id, sharing: session.sharing, removed: session.removed, databaseNote: note } });
}

export const useSessionStore = create<SessionState>((set, get) => ({
  shared: null,
  sharing: false,
  opened: null,

  async share() {
    const { trace, running } = useAgentStore.getState();
    if (!trace || running || get().sharing) return;
    set({ sharing: true });
    try {
      const { createSession, shareForm, SESSION_LIMITS } = await import("../core/agent/session");
      const { keys, sharing } = useSettingsStore.getState();
      const { budget, overrides } = usePruneStore.getState();
      const session = await createSession({
        trace,
        database: await databaseOrigin(trace.databaseName),
        pruningSettings: { budget, pinned: overrides.pinned, excluded: overrides.excluded },
        currentSharing: sharing,
        secrets: Object.values(keys).map((entry) => entry.key),
      });
      const share = shareForm(session);
      const database =
        session.database.kind === "sample"
          ? { kind: "sample" as const, id: session.database.sample }
          : session.database.kind === "url"
            ? { kind: "url" as const, url: session.database.url }
            : null;
      const appAddress = fullAppAddress(withoutSession(new URL(location.href)), database, "", courseSettings()?.start === "embed");
      set({
        shared: {
          session,
          share,
          link: share.kind === "link" ? sessionLink(appAddress, share.payload) : null,
          fileAddress: sessionFileAddress(appAddress, "https://…/session.json"),
          fileName: `querylab-session-${trace.id}.json`,
          linkLimit: SESSION_LIMITS.linkCharacters,
        },
      });
    } catch (error) {
      say(`The session could not be made: ${errorMessage(error)}`);
    } finally {
      set({ sharing: false });
    }
  },

  closeShare() {
    set({ shared: null });
  },

  async saveSharedFile() {
    const shared = get().shared;
    if (!shared) return;
    const { sessionFileText } = await import("../core/agent/session");
    downloadBytes(shared.share.kind === "file" ? shared.share.text : sessionFileText(shared.session), shared.fileName, "application/json");
  },

  async openFromAddress(found) {
    // Opened once: a reload should come back to the person's work, not open the session over it again.
    history.replaceState(null, "", withoutSession(new URL(location.href)));
    const { readSessionFile, readSessionLink, SESSION_LIMITS } = await import("../core/agent/session");
    if (found.kind === "link") {
      const read = readSessionLink(found.payload);
      if (!read.ok) return say(read.message);
      return showSession(read.session);
    }
    let text: string;
    try {
      // The database download's checks (the page's policy, CORS, redirects, the announced and streamed size), with the session's limit.
      const fetched = await fetchDatabase(found.url, { maxBytes: SESSION_LIMITS.bytes });
      text = await fetched.content.text();
    } catch (error) {
      return say(`The session file could not be opened. ${errorMessage(error)}`);
    }
    const read = readSessionFile(text);
    if (!read.ok) return say(`${found.url}: ${read.message}`);
    return showSession(read.session);
  },

  async openFile(file) {
    const { checkSessionFileSize, readSessionFile } = await import("../core/agent/session");
    // Before file.text(): a huge file is refused without being read.
    const tooLarge = checkSessionFileSize(file.size);
    if (tooLarge) return say(`${file.name}: ${tooLarge} Nothing was opened.`);
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      return say(`${file.name}: the file could not be read (${errorMessage(error)}).`);
    }
    const read = readSessionFile(text);
    if (!read.ok) return say(`${file.name}: ${read.message} Nothing was opened.`);
    return showSession(read.session);
  },
}));

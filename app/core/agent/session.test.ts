import { strToU8, zlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "./events";
import {
  checkSessionFileSize,
  createSession,
  embeddedDatabaseBytes,
  fromBase64Url,
  readSessionFile,
  readSessionLink,
  sessionFileText,
  sessionLinkPayload,
  sessionSharing,
  SESSION_LIMITS,
  shareForm,
  toBase64Url,
  type DatabaseOrigin,
  type Session,
  type SessionInput,
} from "./session";
import type { Trace } from "./trace";
import type { DataSharing } from "../data-sharing";

const KEY = "sk-live-0123456789abcdef";
// Values only the database holds: none may travel in a session made under a level that kept them in the page.
const STORED_TITLE = "The Lighthouse Ledger";
const STORED_CITY = "Quimper";

function traceUnder(sharing: DataSharing | undefined): Trace {
  const events: AgentEvent[] = [
    {
      type: "run-start",
      runId: "r1",
      question: "Which book sold most?",
      model: "m",
      baseUrl: "https://api.example.com/v1",
      protocol: "tools",
      systemPrompt: "You write SQLite.",
      startedAt: 1,
      schema: { tokensKept: 10, tokensFull: 20, budget: 15, kept: { books: ["title"] }, columnsKept: 1, columnsTotal: 2, stagesUsed: ["lexical"] },
      ...(sharing ? { sharing } : {}),
    },
    { type: "turn-start", turn: 1 },
    { type: "text-delta", turn: 1, text: "Look at sales." },
    { type: "tool-call", turn: 1, toolCallId: "a", tool: "run_sql", input: { sql: "SELECT title FROM books" } },
    {
      type: "observation",
      turn: 1,
      toolCallId: "a",
      tool: "run_sql",
      ok: true,
      text: "Columns: title\n2 rows (values withheld by the person's data-sharing setting)",
      result: {
        columns: ["title", "cover"],
        rows: [
          [STORED_TITLE, new Uint8Array([1, 2])],
          ["Other", null],
        ],
        rowCount: 2,
        elapsedMs: 1,
      },
    },
    // A request that carried the key where it should never be (an address, a prompt): it must not travel either.
    {
      type: "turn-end",
      turn: 1,
      usage: { inputTokens: 5, outputTokens: 5 },
      latencyMs: 3,
      raw: [{ request: `{"url":"https://x/?key=${KEY}"}`, response: "{}" }],
    },
    {
      type: "candidate",
      candidate: 1,
      event: {
        type: "observation",
        turn: 1,
        toolCallId: "c",
        tool: "run_sql",
        ok: true,
        text: "1 row",
        result: { columns: ["city"], rows: [[STORED_CITY]], rowCount: 1, elapsedMs: 1 },
      },
    },
    { type: "final", turn: 2, sql: "SELECT title FROM books LIMIT 1", result: { columns: ["title"], rows: [[STORED_TITLE]], rowCount: 1, elapsedMs: 1 } },
    { type: "run-end", status: "submitted", turns: 2, usage: { inputTokens: 5, outputTokens: 5 }, elapsedMs: 9, overheadMs: 1 },
  ];
  return {
    version: 1,
    id: "trace-1",
    question: "Which book sold most?",
    databaseName: "shop.sqlite",
    model: "m",
    baseUrl: "https://user:pa55word-secret@api.example.com/v1",
    createdAt: 1,
    events,
  };
}

/** Deterministic bytes that compress about as well as a small SQLite file. */
function databaseFile(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  let state = 7;
  for (let index = 0; index < size; index += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = index % 3 === 0 ? state >>> 24 : 65 + (index % 26);
  }
  return bytes;
}

const fileOrigin = (bytes: Uint8Array): DatabaseOrigin => ({ kind: "file", name: "shop.sqlite", contentKey: "k1", bytes: async () => bytes });

function input(overrides: Partial<SessionInput> = {}): SessionInput {
  return {
    trace: traceUnder("results"),
    database: { kind: "sample", sample: "bookshop", name: "Bookshop" },
    pruningSettings: { budget: 800, pinned: ["books.title"], excluded: [] },
    currentSharing: "results",
    secrets: [KEY],
    now: 42,
    ...overrides,
  };
}

function mustRead(read: ReturnType<typeof readSessionLink>): Session {
  if (!read.ok) throw new Error(read.message);
  return read.session;
}

describe("a session's round trip", () => {
  it("reads back from its link and from its file exactly as it was made", async () => {
    const session = await createSession(input());
    expect(session.finalSql).toBe("SELECT title FROM books LIMIT 1");
    expect(session.pruning.summary?.kept).toEqual({ books: ["title"] });
    expect(session.pruning.settings?.pinned).toEqual(["books.title"]);
    const share = shareForm(session);
    expect(share.kind).toBe("link");
    expect(mustRead(readSessionLink(share.kind === "link" ? share.payload : ""))).toEqual(session);
    expect(mustRead(readSessionFile(sessionFileText(session)))).toEqual(session);
  });

  it("writes a BLOB as a hex literal, as a trace export does", async () => {
    const session = await createSession(input());
    const observation = session.trace.events.find((event) => event.type === "observation");
    expect(observation?.type === "observation" && observation.result?.rows[0]?.[1]).toBe("x'0102'");
  });

  it("carries a small database file itself under + query results, and it opens to the same bytes", async () => {
    const bytes = databaseFile(50_000);
    const session = await createSession(input({ database: fileOrigin(bytes) }));
    expect(session.database.kind).toBe("embedded");
    const read = mustRead(readSessionFile(sessionFileText(session)));
    const database = read.database;
    if (database.kind !== "embedded") throw new Error("not embedded");
    const opened = embeddedDatabaseBytes(database);
    expect(opened.ok && opened.bytes).toEqual(bytes);
  });
});

describe("the data-sharing level", () => {
  it("under schema only, no value travels: no result rows anywhere, the file named only, and it says what was removed", async () => {
    const session = await createSession(input({ trace: traceUnder("schema"), database: fileOrigin(databaseFile(1000)) }));
    expect(session.sharing).toBe("schema");
    const text = sessionFileText(session);
    expect(text).not.toContain(STORED_TITLE);
    expect(text).not.toContain(STORED_CITY);
    expect(session.database).toMatchObject({ kind: "not-included", name: "shop.sqlite" });
    expect(text).not.toContain("deflated");
    for (const event of session.trace.events) {
      const inner = event.type === "candidate" ? event.event : event;
      if ((inner.type === "observation" || inner.type === "final") && inner.result) {
        expect(inner.result.rows).toEqual([]);
        expect(inner.result.rowCount).toBeGreaterThan(0); // the shape the model was told stays
      }
    }
    expect(session.removed.join(" ")).toMatch(/rows of 3 query results .*columns and row counts kept/);
    expect(session.removed.join(" ")).toMatch(/database file \(shop\.sqlite\) is not included under “Schema only”/);
  });

  it("under example values, query rows (never sent) stay home too, while + query results keeps them", async () => {
    const profiles = sessionFileText(await createSession(input({ trace: traceUnder("profiles") })));
    expect(profiles).not.toContain(STORED_TITLE);
    const results = sessionFileText(await createSession(input({ trace: traceUnder("results") })));
    expect(results).toContain(STORED_TITLE);
    expect(results).toContain(STORED_CITY);
  });

  it("obeys the more private of the run's level and the one in force; an unrecorded level with none chosen is schema only", async () => {
    expect(sessionSharing(traceUnder("results"), "schema")).toBe("schema");
    expect(sessionSharing(traceUnder("schema"), "results")).toBe("schema");
    expect(sessionSharing(traceUnder("profiles"), null)).toBe("profiles");
    expect(sessionSharing(traceUnder(undefined), null)).toBe("schema");
    const session = await createSession(input({ trace: traceUnder("results"), currentSharing: "schema" }));
    expect(sessionFileText(session)).not.toContain(STORED_TITLE);
  });
});

describe("keys", () => {
  it("never travel: neither a key the page holds nor credentials in the endpoint's address, in the link or the file", async () => {
    const session = await createSession(input());
    const file = sessionFileText(session);
    expect(file).not.toContain(KEY);
    expect(file).not.toContain("pa55word-secret");
    expect(file).toContain("[key removed]");
    const payload = shareForm(session);
    if (payload.kind !== "link") throw new Error("expected a link");
    const reopened = JSON.stringify(mustRead(readSessionLink(payload.payload)));
    expect(reopened).not.toContain(KEY);
    expect(reopened).not.toContain("pa55word-secret");
  });
});

describe("size limits", () => {
  it("a session past the link's length is offered as a file instead", async () => {
    const session = await createSession(input());
    const share = shareForm(session, { ...SESSION_LIMITS, linkCharacters: 100 });
    expect(share.kind).toBe("file");
    expect(share.kind === "file" && share.payloadCharacters).toBeGreaterThan(100);
    expect(share.kind === "file" && mustRead(readSessionFile(share.text))).toEqual(session);
  });

  it("a database file that compresses past the limit is named, not carried, and the session says why", async () => {
    const session = await createSession(input({ database: fileOrigin(databaseFile(20_000)), limits: { ...SESSION_LIMITS, embeddedDatabaseBytes: 1_000 } }));
    expect(session.database.kind).toBe("not-included");
    expect(session.removed.join(" ")).toMatch(/compressed it is .* a session carries one of up to 1,000 B|compressed it is/);
  });

  it("refuses a link that would inflate past the limit (a deflate bomb) without inflating all of it", async () => {
    const bomb = toBase64Url(zlibSync(new Uint8Array(4 * 1024 * 1024)));
    const read = readSessionLink(bomb, { ...SESSION_LIMITS, bytes: 1024 * 1024 });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toMatch(/would expand past 1(\.0)? MB/);
  });

  it("refuses an embedded database that would inflate past its limit", () => {
    const deflated = toBase64Url(zlibSync(new Uint8Array(2 * 1024 * 1024)));
    const opened = embeddedDatabaseBytes({ kind: "embedded", name: "x.sqlite", deflated }, { ...SESSION_LIMITS, inflatedDatabaseBytes: 1024 * 1024 });
    expect(opened.ok).toBe(false);
    expect(!opened.ok && opened.message).toMatch(/would expand past/);
  });

  it("refuses a session file above the limit from its size alone, and an over-long link before decoding it", () => {
    expect(checkSessionFileSize(SESSION_LIMITS.bytes)).toBeNull();
    expect(checkSessionFileSize(SESSION_LIMITS.bytes + 1)).toMatch(/sessions up to .* can be opened/);
    const read = readSessionLink("A".repeat(SESSION_LIMITS.linkCharacters * 2 + 1));
    expect(!read.ok && read.message).toMatch(/a QueryLab link holds up to/);
  });
});

describe("broken and tampered input", () => {
  it("a link cut short, with a changed character, or with foreign characters is refused with a reason", async () => {
    const payload = sessionLinkPayload(await createSession(input()));
    const cut = readSessionLink(payload.slice(0, Math.floor(payload.length / 2)));
    expect(!cut.ok && cut.message).toMatch(/damaged or cut short|could not be opened/);
    const foreign = readSessionLink(`${payload.slice(0, 10)}%$${payload.slice(12)}`);
    expect(!foreign.ok && foreign.message).toMatch(/characters a QueryLab link never has/);
    // A changed character anywhere (the last one's unused bits included) is refused: the checksum and the canonical
    // base64url spelling leave no single change that reads as a session.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const positions = [...Array.from({ length: 40 }, (_, index) => Math.floor((index * payload.length) / 40)), payload.length - 1];
    for (const position of positions) {
      const original = payload[position]!;
      const changed = payload.slice(0, position) + alphabet[(alphabet.indexOf(original) + 1) % alphabet.length]! + payload.slice(position + 1);
      const read = readSessionLink(changed);
      expect(read.ok, `a change at ${position} of ${payload.length} was read as a session`).toBe(false);
      expect(!read.ok && read.message).toMatch(/^The link/);
    }
  });

  it("a file whose parts disagree (the final SQL edited) is refused as changed", async () => {
    const session = await createSession(input());
    const edited = readSessionFile(JSON.stringify({ ...session, finalSql: "DROP TABLE books" }));
    expect(!edited.ok && edited.message).toMatch(/changed after it was made/);
  });

  it("names what is wrong: not a session, a newer version, a bad shape, a database address that is not http(s)", async () => {
    const session = await createSession(input());
    expect(readSessionFile('{"kind":"querylab-thread"}')).toMatchObject({ ok: false, message: expect.stringMatching(/not a QueryLab session/) });
    expect(readSessionFile(JSON.stringify({ ...session, version: 2 }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/version 2.*newer QueryLab/),
    });
    expect(readSessionFile(JSON.stringify({ ...session, trace: { ...session.trace, events: "x" } }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a QueryLab session \(trace\.events/),
    });
    const javascriptUrl = { ...session, database: { kind: "url", url: "javascript:alert(1)", name: "x" } };
    expect(readSessionFile(JSON.stringify(javascriptUrl))).toMatchObject({ ok: false, message: expect.stringMatching(/not an http\(s\) address/) });
    expect(readSessionFile("not json")).toMatchObject({ ok: false, message: expect.stringMatching(/not JSON/) });
    const deep = `{"format":"querylab-session","x":${"[".repeat(100)}${"]".repeat(100)}}`;
    expect(readSessionFile(deep)).toMatchObject({ ok: false, message: expect.stringMatching(/nests objects or arrays more than 64 levels/) });
  });

  it("a link that is valid base64url and deflate but not a session says so", () => {
    const payload = toBase64Url(zlibSync(strToU8('{"hello":"world"}')));
    expect(readSessionLink(payload)).toMatchObject({ ok: false, message: expect.stringMatching(/could not be opened: The file is not a QueryLab session/) });
  });
});

describe("base64url", () => {
  it("round-trips every byte value and refuses what is not base64url", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    expect(toBase64Url(bytes)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url("ab+c")).toBeNull();
    expect(fromBase64Url("abcde")).toBeNull();
  });
});

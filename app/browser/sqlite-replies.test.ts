import * as Comlink from "comlink";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { DatabaseService } from "../core/database-service";
import type { ExecuteOutcome } from "../core/db/types";
import { createInProcessSqliteConnection } from "./in-process-sqlite-connection";
import type { RemoteEngine } from "./sqlite-connection";
import { checkedDatabaseSchema, checkPagedExecuteReply, pagedExecuteOutcomeSchema, succeededPagedReply, withCheckedReplies } from "./sqlite-replies";
import { databaseSchemaSchema } from "../core/db/type-schemas";
import { checkedDatabaseProfile, databaseProfileSchema } from "./storage";
import { encodeRows } from "../core/db/columnar-rows";

/** `target` with one field replaced (undefined: left out). */
function withField(target: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const changed: Record<string, unknown> = { ...target, [field]: value };
  if (value === undefined) delete changed[field];
  return changed;
}

/** A worker that answers with whatever it is given, standing in for one from another version of the page or a corrupted clone. */
function workerReplying(reply: unknown) {
  const answer = async () => reply;
  return withCheckedReplies({
    execute: answer,
    executePaged: answer,
    fetchRows: answer,
    fetchPage: answer,
    executeReadOnly: answer,
    runForJudge: answer,
    open: answer,
    openBlob: answer,
    importTable: answer,
    exportResult: answer,
    schema: answer,
    profile: answer,
    profileHead: answer,
    profileTablesPart: answer,
    schemaHead: answer,
    schemaTablesPart: answer,
    exportDatabase: answer,
    exportDatabaseCopy: answer,
    contentKey: answer,
    inTransaction: answer,
    terminate: answer,
  });
}

describe("checked SQLite replies", () => {
  it("passes valid replies through unchanged", async () => {
    const connection = await createInProcessSqliteConnection();
    const engine = connection.engine;
    await engine.open(null);
    const outcome = await engine.execute("CREATE TABLE t (a, b); INSERT INTO t VALUES (1, 'x'), (NULL, x'00ff'); SELECT * FROM t");
    expect(outcome.ok && outcome.firstRows).toEqual([
      [1, "x"],
      [null, new Uint8Array([0, 255])],
    ]);
    expect((await engine.schema()).tables.map((table) => table.name)).toEqual(["t"]);
    const page = outcome.ok && outcome.resultId ? await engine.fetchRows(outcome.resultId, 1, 1) : null;
    expect(page).toEqual({ ok: true, rows: [[null, new Uint8Array([0, 255])]] });
  });

  it("calls through a real comlink proxy, callbacks included (reading .apply on one named a remote method)", async () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(DatabaseService.create(await initSqlJs()), port1);
    const engine = withCheckedReplies(Comlink.wrap<DatabaseService>(port2) as RemoteEngine);
    try {
      expect(await engine.open(null)).toMatchObject({ ok: true, tableCount: 0 });
      // The progress callback is a comlink proxy inside the arguments: it must reach the worker as one.
      const imported = await engine.importTable(
        "people.csv",
        new TextEncoder().encode("name,age\nAda,36\n"),
        "csv",
        Comlink.proxy(() => {}),
      );
      expect(imported).toMatchObject({ ok: true, tableName: "people", rowCount: 1 });
      const executed = await engine.execute("SELECT name, age FROM people");
      expect(executed.ok && executed.firstRows).toEqual([["Ada", 36]]);
    } finally {
      engine[Comlink.releaseProxy]();
      port1.close();
    }
  });

  it("turns an unreadable reply that carries data into an error value a person can act on", async () => {
    const engine = workerReplying({ ok: true, columns: ["a"], firstRows: [[{ object: "not a value" }]] });
    const executed = (await engine.execute()) as ExecuteOutcome;
    expect(executed).toMatchObject({ ok: false, error: { kind: "worker-failed" }, databaseChanged: false });
    expect(!executed.ok && executed.error.message).toMatch(/SQLite worker sent a reply to execute that this page cannot read/);
    expect(await engine.fetchRows()).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
    expect(await engine.executePaged()).toMatchObject({ ok: false, error: { kind: "worker-failed" }, databaseChanged: false });
    expect(await engine.fetchPage()).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
    expect(await engine.executeReadOnly()).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
    expect(await engine.runForJudge()).toMatchObject({ ok: false, error: { kind: "sql-error" } });
    for (const method of [engine.open, engine.importTable, engine.exportResult])
      expect(await method()).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
  });

  it("refuses a complete reply whose rows hold one cell that is not a SQLite value", async () => {
    const reply = {
      ok: true,
      resultId: "r1",
      columns: ["a", "b"],
      rowCount: 2,
      storedRowCount: 2,
      truncated: false,
      elapsedMs: 1,
      statementCount: 1,
      rowsModified: 0,
      databaseChanged: false,
    };
    const good = workerReplying({
      ...reply,
      firstRows: [
        [1, "x"],
        [null, new Uint8Array([1])],
      ],
    });
    expect(((await good.execute()) as ExecuteOutcome).ok).toBe(true);
    const bad = workerReplying({
      ...reply,
      firstRows: [
        [1, "x"],
        [null, { nested: true }],
      ],
    });
    const refused = (await bad.execute()) as ExecuteOutcome;
    expect(!refused.ok && refused.error.message).toMatch(/firstRows: rows must be lists of SQLite values/);
  });

  it("passes a profile's head and parts through, a part that is no more as null, and refuses a head with a count that is no count", async () => {
    const head = { contentKey: "sha256:abc", elapsedMs: 4, tableCount: 2 };
    expect(await workerReplying(head).profileHead()).toEqual(head);
    expect(await workerReplying({ ...head, extra: "dropped" }).profileHead()).toEqual(head);
    await expect(workerReplying({ ...head, tableCount: 1.5 }).profileHead()).rejects.toThrow(/reply to profileHead/);
    await expect(workerReplying({ ...head, tableCount: -1 }).profileHead()).rejects.toThrow(/reply to profileHead/);
    expect(await workerReplying(null).profileTablesPart()).toBeNull();
    const table = { table: "pets", kind: "table", rowCount: 1, rowsProfiled: 1, columns: [] };
    expect(await workerReplying([table]).profileTablesPart()).toEqual([table]);
    await expect(workerReplying([{ ...table, kind: "index" }]).profileTablesPart()).rejects.toThrow(/reply to profileTablesPart/);
  });

  it("passes a schema's head and parts through, a part that is no more as null, and refuses what is not", async () => {
    const head = { id: 3, tableCount: 1, parts: 1 };
    expect(await workerReplying({ ...head, extra: "dropped" }).schemaHead()).toEqual(head);
    await expect(workerReplying({ ...head, parts: "1" }).schemaHead()).rejects.toThrow(/reply to schemaHead/);
    expect(await workerReplying(null).schemaTablesPart()).toBeNull();
    const table = { name: "pets", kind: "table", rowCount: 2, columns: [], foreignKeys: [], indexes: [], sql: "CREATE TABLE pets (name)" };
    expect(await workerReplying([table]).schemaTablesPart()).toEqual([table]);
    await expect(workerReplying([{ ...table, rowCount: 1.5 }]).schemaTablesPart()).rejects.toThrow(/reply to schemaTablesPart/);
  });

  it("throws for an unreadable schema or profile, which have no error value", async () => {
    const engine = workerReplying({ tables: [{ name: 3 }] });
    await expect(engine.schema()).rejects.toThrow(/reply to schema .* cannot read \(tables\.0\.name/);
    await expect(engine.profile()).rejects.toThrow(/reply to profile/);
    await expect(engine.profileHead()).rejects.toThrow(/reply to profileHead/);
    await expect(engine.schemaHead()).rejects.toThrow(/reply to schemaHead/);
    await expect(engine.schemaTablesPart()).rejects.toThrow(/reply to schemaTablesPart/);
    await expect(engine.profileTablesPart()).rejects.toThrow(/reply to profileTablesPart/);
    await expect(engine.exportDatabase()).rejects.toThrow(/reply to exportDatabase/);
    await expect(engine.exportDatabaseCopy()).rejects.toThrow(/reply to exportDatabaseCopy/);
    await expect(engine.contentKey()).rejects.toThrow(/reply to contentKey/);
    await expect(engine.inTransaction()).rejects.toThrow(/reply to inTransaction/);
  });

  it("leaves other members alone", async () => {
    const engine = workerReplying("anything");
    expect(await engine.terminate()).toBe("anything");
  });

  describe("executePaged's reply checked by hand (the path every typed query's answer takes)", () => {
    const valid = {
      ok: true,
      resultId: "r1",
      columns: ["a", "b"],
      rowCount: 2,
      storedRowCount: 2,
      truncated: false,
      elapsedMs: 0.4,
      statementCount: 1,
      rowsModified: 0,
      databaseChanged: false,
      firstPage: encodeRows(2, [
        [1, "x"],
        [null, new Uint8Array([1])],
      ]),
    };
    const otherValues: unknown[] = [undefined, null, "r2", "", 0, 3, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, true, false, [], ["a"], ["a", 2], {}];
    const badPages: unknown[] = [
      { ...valid.firstPage, kinds: new Uint8Array(1) },
      { ...valid.firstPage, numbers: [1, 2, 3, 4] },
      { ...valid.firstPage, rowCount: 1.5 },
      { ...valid.firstPage, kinds: new Uint8Array([9, 0, 0, 0]) },
    ];
    /** The reply with one field replaced (undefined: left out). */
    const withField = (field: string, value: unknown): Record<string, unknown> => {
      const reply: Record<string, unknown> = { ...valid, [field]: value };
      if (value === undefined) delete reply[field];
      return reply;
    };
    const variants = [
      valid,
      { ...valid, resultId: null, columns: [], rowCount: 0, storedRowCount: 0, firstPage: encodeRows(0, []) },
      { ...valid, extra: "dropped" },
      ...Object.keys(valid).flatMap((field) => otherValues.map((value) => withField(field, value))),
      ...badPages.map((page) => withField("firstPage", page)),
      null,
      "not a reply",
    ];

    it("gives the schema's verdict on every variant of a reply, and the same copy without unknown fields", () => {
      let accepted = 0;
      for (const reply of variants) {
        const parsed = pagedExecuteOutcomeSchema.safeParse(reply);
        const expected = parsed.success && parsed.data.ok ? parsed.data : null;
        expect(succeededPagedReply(reply), JSON.stringify(reply)).toEqual(expected);
        if (expected) accepted += 1;
      }
      // Each field's own values (the number fields take five), the empty result and the extra field.
      expect(accepted).toBeGreaterThan(10);
      expect(succeededPagedReply({ ...valid, extra: "dropped" })).not.toHaveProperty("extra");
    });

    it("still words the error of a reply it refuses, and passes a failed run through the schema", () => {
      const refused = checkPagedExecuteReply(withField("rowCount", "2"));
      expect(refused).toMatchObject({ ok: false, error: { kind: "worker-failed" } });
      expect(!refused.ok && refused.error.message).toMatch(/reply to executePaged .* cannot read \(rowCount/);
      const failure = { ok: false, error: { kind: "sql-error", message: "no such table: t" }, elapsedMs: 0.1, statementsCompleted: 0, databaseChanged: false };
      expect(checkPagedExecuteReply(failure)).toEqual(failure);
    });
  });

  describe("a schema reply checked by hand (thousands of tables' schema, in the task that lists them)", () => {
    const column = { name: "id", type: "INTEGER", notNull: false, defaultValue: null, primaryKeyPosition: 1, comment: null };
    const table = {
      name: "books",
      kind: "table",
      rowCount: 3,
      columns: [column, { ...column, name: "title", type: "TEXT", primaryKeyPosition: 0, comment: "Title", generated: "stored" }],
      foreignKeys: [{ fromColumns: ["author_id"], toTable: "authors", toColumns: ["id"] }],
      indexes: [{ name: "by_title", columns: ["title"], unique: false, origin: "c" }],
      sql: "CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT)",
    };
    const otherValues: unknown[] = [undefined, null, "x", "", 0, 2, -1, 1.5, Number.NaN, 2 ** 60, true, [], ["a"], ["a", 2], {}, "view", "virtual"];
    const schemaWith = (changedTable: unknown) => ({ tables: [table, changedTable] });
    const variants: unknown[] = [
      { tables: [] },
      schemaWith(table),
      schemaWith({ ...table, extra: "dropped" }),
      { tables: [table], extra: "dropped" },
      ...Object.keys(table).flatMap((field) => otherValues.map((value) => schemaWith(withField(table, field, value)))),
      ...[...Object.keys(column), "generated"].flatMap((field) =>
        otherValues.map((value) => schemaWith({ ...table, columns: [withField(column, field, value)] })),
      ),
      ...["fromColumns", "toTable", "toColumns"].flatMap((field) =>
        otherValues.map((value) => schemaWith({ ...table, foreignKeys: [withField(table.foreignKeys[0]!, field, value)] })),
      ),
      ...["name", "columns", "unique", "origin"].flatMap((field) =>
        otherValues.map((value) => schemaWith({ ...table, indexes: [withField(table.indexes[0]!, field, value)] })),
      ),
      null,
      "not a schema",
      { tables: "books" },
      { tables: [null] },
    ];

    it("gives the schema's verdict on every variant of a reply, and the same copy without unknown fields", () => {
      let accepted = 0;
      for (const reply of variants) {
        const parsed = databaseSchemaSchema.safeParse(reply);
        expect(checkedDatabaseSchema(reply), JSON.stringify(reply)).toEqual(parsed.success ? parsed.data : null);
        if (parsed.success) accepted += 1;
      }
      expect(accepted).toBeGreaterThan(20);
      expect(checkedDatabaseSchema(schemaWith({ ...table, extra: "dropped" }))?.tables[1]).not.toHaveProperty("extra");
    });
  });
  describe("a column profile's reply checked by hand (thousands of tables' profile, once it arrives)", () => {
    const column = {
      column: "title",
      type: "TEXT",
      nullFraction: 0.25,
      distinctCount: 3,
      approximate: false,
      min: "A",
      max: "Z",
      topValues: [{ value: "A", count: 2 }],
      examples: ["A", "B"],
    };
    const table = {
      table: "books",
      kind: "table",
      rowCount: 4,
      rowsProfiled: 4,
      columns: [column, { ...column, column: "id", min: null, max: null, topValues: [] }],
    };
    const profile = { contentKey: "sha256:abc", elapsedMs: 12.5, tables: [table] };
    const otherValues: unknown[] = [undefined, null, "x", "", 0, 2, -1, 1.5, Number.NaN, Infinity, 2 ** 60, true, [], ["a"], ["a", 2], {}, "view"];
    const profileWith = (changedTable: unknown) => ({ ...profile, tables: [table, changedTable] });
    const variants: unknown[] = [
      { ...profile, tables: [] },
      profile,
      { ...profile, extra: "dropped" },
      profileWith({ ...table, extra: "dropped" }),
      profileWith({ ...table, kind: "view", rowCount: null }),
      ...Object.keys(profile).flatMap((field) => otherValues.map((value) => withField(profile, field, value))),
      ...Object.keys(table).flatMap((field) => otherValues.map((value) => profileWith(withField(table, field, value)))),
      ...Object.keys(column).flatMap((field) => otherValues.map((value) => profileWith({ ...table, columns: [withField(column, field, value)] }))),
      ...["value", "count"].flatMap((field) =>
        otherValues.map((value) => profileWith({ ...table, columns: [{ ...column, topValues: [withField(column.topValues[0]!, field, value)] }] })),
      ),
      profileWith({ ...table, columns: [{ ...column, topValues: [{ value: "A", count: 1, extra: "dropped" }] }] }),
      profileWith({ ...table, columns: [{ ...column, extra: "dropped" }] }),
      null,
      "not a profile",
      { ...profile, tables: [null] },
    ];

    it("gives the schema's verdict on every variant of a reply, and the same copy without unknown fields", () => {
      let accepted = 0;
      for (const reply of variants) {
        const parsed = databaseProfileSchema.safeParse(reply);
        expect(checkedDatabaseProfile(reply), JSON.stringify(reply)).toEqual(parsed.success ? parsed.data : null);
        if (parsed.success) accepted += 1;
      }
      expect(accepted).toBeGreaterThan(20);
      expect(variants.length).toBeGreaterThan(300);
      const copy = checkedDatabaseProfile(profileWith({ ...table, extra: "dropped", columns: [{ ...column, extra: "dropped" }] }));
      expect(copy?.tables[1]).not.toHaveProperty("extra");
      expect(copy?.tables[1]?.columns[0]).not.toHaveProperty("extra");
    });

    it("is what a checked worker's profile reply goes through: a refused one still throws zod's words", async () => {
      expect(await workerReplying(profile).profile()).toEqual(profile);
      await expect(workerReplying({ ...profile, elapsedMs: "soon" }).profile()).rejects.toThrow(/reply to profile .* cannot read \(elapsedMs/);
    });
  });
});

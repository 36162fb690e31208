// The page's benchmark sources read a chosen folder or a .zip with the CLI's layout rules and open each database in
// its own connection (in process here, a worker in the page).
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { benchmarkFromFiles, teachingBenchmark } from "./benchmark-sources";
import { createInProcessSqliteConnection } from "./in-process-sqlite-connection";

const bytesOf = (text: string) => async () => new TextEncoder().encode(text);
const fileBytes = (path: string) => async () => new Uint8Array(await readFile(path));

describe("benchmarkFromFiles", () => {
  it("finds the layout one folder down, leaves out questions whose database is missing and names it", async () => {
    const questions = JSON.stringify([
      { db_id: "bookshop", question: "How many books?", query: "SELECT count(*) FROM books" },
      { db_id: "absent", question: "Anything?", query: "SELECT 1" },
    ]);
    const files = new Map([
      ["course/dev.json", bytesOf(questions)],
      ["course/tables.json", bytesOf("[]")],
      ["course/database/bookshop/bookshop.sqlite", fileBytes("public/samples/bookshop.sqlite")],
    ]);
    const found = await benchmarkFromFiles("course.zip", files, createInProcessSqliteConnection);
    if (!found.ok) throw new Error(found.message);
    expect(found.benchmark.missing).toEqual(["absent"]);
    expect(found.benchmark.questions.map((question) => question.dbId)).toEqual(["bookshop"]);
    const database = await found.benchmark.source.openDatabase("bookshop");
    const counted = await database.executeReadOnly("SELECT count(*) > 0 FROM books", { maxRows: 1 });
    expect(counted.ok && counted.rows[0]).toEqual([1]);
    expect(await database.runForJudge("SELECT 1", { timeoutMs: 1000 })).toMatchObject({ ok: true, rows: [[1]] });
    expect((await found.benchmark.source.descriptionFiles("bookshop")).map((file) => file.path)).toEqual(["tables.json"]);
    await expect(found.benchmark.source.openDatabase("absent")).rejects.toThrow("The benchmark has no database for absent.");
    found.benchmark.source.close();
  });

  it("says what is missing when the files hold no questions file", async () => {
    const found = await benchmarkFromFiles("photos", new Map([["a.png", bytesOf("")]]), createInProcessSqliteConnection);
    expect(!found.ok && found.message).toMatch(/^photos: There is no questions file/);
  });

  it("reports a database file that is not SQLite when it is opened, not as a crash", async () => {
    const files = new Map([
      ["dev.json", bytesOf(JSON.stringify([{ db_id: "x", question: "q", query: "SELECT 1" }]))],
      ["database/x/x.sqlite", bytesOf("not a database at all")],
    ]);
    const found = await benchmarkFromFiles("broken", files, createInProcessSqliteConnection);
    if (!found.ok) throw new Error(found.message);
    await expect(found.benchmark.source.openDatabase("x")).rejects.toThrow(/^x: This file is not a SQLite database/);
  });
});

describe("teachingBenchmark", () => {
  it("reads the bundled questions and their tables.json over the samples, as querylab eval does", async () => {
    const benchmark = await teachingBenchmark("/", createInProcessSqliteConnection, (url) => readFile(`public${url}`).then((buffer) => new Uint8Array(buffer)));
    expect(benchmark.questions.length).toBeGreaterThan(50);
    expect((await benchmark.source.descriptionFiles("clinic")).map((file) => file.path)).toEqual(["tables.json"]);
    const clinic = await benchmark.source.openDatabase("clinic");
    expect((await clinic.schema()).tables.length).toBeGreaterThan(3);
  });
});

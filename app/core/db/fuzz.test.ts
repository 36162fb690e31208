// Bad input on purpose: hundreds of generated database files, tables and SQL fed to the engine (the worker's logic).
// Each must end in a clear error or a correct result, never an exception, with the open database intact.
import { readFileSync } from "node:fs";
import initSqlJs from "sql.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { SqliteEngine, type ImportFormat } from "./sqljs-engine";

const sample = new Uint8Array(readFileSync("public/samples/clinic.sqlite"));
const tally = { databases: 0, tables: 0, statements: 0 };
let engine: SqliteEngine;
let expectedPatients = 0;

beforeAll(async () => {
  engine = new SqliteEngine(await initSqlJs());
  const opened = await engine.open(sample);
  expect(opened.ok).toBe(true);
  const count = await engine.execute("SELECT count(*) FROM patients");
  expectedPatients = count.ok ? Number(count.firstRows[0]?.[0]) : -1;
});

afterAll(() => {
  // The figure for the closing note: how many inputs were tried (none may crash, or a test above failed).
  console.log(`fuzz: ${tally.databases} database files, ${tally.tables} table files, ${tally.statements} SQL texts; 0 crashes`);
});

async function expectIntact(): Promise<void> {
  const count = await engine.execute("SELECT count(*) FROM patients");
  expect(count.ok && count.firstRows[0]?.[0]).toBe(expectedPatients);
}

describe("fuzzing the engine", () => {
  it("survives truncated, bit-flipped, zeroed and garbage-paged database files", async () => {
    const random = seededRandom(1);
    const variants: Uint8Array[] = [new Uint8Array(0), sample.slice(0, 16), sample.slice(0, 100), sample.slice(0, 4096)];
    for (let index = 0; index < 60; index += 1) variants.push(sample.slice(0, Math.floor(random() * sample.length)));
    for (let index = 0; index < 80; index += 1) {
      const flipped = sample.slice();
      const flips = 1 + Math.floor(random() * 50);
      for (let flip = 0; flip < flips; flip += 1) flipped[Math.floor(random() * flipped.length)]! ^= 1 << Math.floor(random() * 8);
      variants.push(flipped);
    }
    for (let index = 0; index < 30; index += 1) {
      const garbage = sample.slice();
      const start = 100 + Math.floor(random() * (garbage.length - 200));
      for (let offset = start; offset < Math.min(garbage.length, start + 4096 * (1 + Math.floor(random() * 20))); offset += 1)
        garbage[offset] = Math.floor(random() * 256);
      variants.push(garbage);
    }
    for (const bytes of variants) {
      tally.databases += 1;
      const outcome = await engine.open(bytes);
      if (outcome.ok) {
        // A damaged file that passes SQLite's quick check must still answer with results or errors, not exceptions.
        await engine.schema();
        await engine.execute("SELECT count(*) FROM patients");
        await engine.execute("SELECT * FROM appointments ORDER BY 1 DESC LIMIT 5");
        expect((await engine.open(sample)).ok).toBe(true);
      } else {
        expect(["empty-file", "not-a-database", "corrupt-database"]).toContain(outcome.error.kind);
        expect(outcome.error.message.length).toBeGreaterThan(10);
      }
      await expectIntact();
    }
    expect(tally.databases).toBeGreaterThanOrEqual(170);
  });

  it("survives odd tables: ragged rows, BOMs, bad encodings, many columns, JSON that is not a table", async () => {
    const random = seededRandom(2);
    const inputs: { name: string; bytes: Uint8Array; format: ImportFormat }[] = [];
    const encoder = new TextEncoder();
    for (let index = 0; index < 60; index += 1) {
      const columns = 1 + Math.floor(random() * 6);
      const lines = [Array.from({ length: columns }, (_, column) => `c${column}`).join(",")];
      for (let row = 0; row < 1 + Math.floor(random() * 30); row += 1) {
        const width = Math.max(0, columns + Math.floor(random() * 5) - 2);
        lines.push(Array.from({ length: width }, () => (random() < 0.2 ? `"q,${random()}"` : String(Math.floor(random() * 1000)))).join(","));
      }
      const text = (random() < 0.3 ? "\uFEFF" : "") + lines.join(random() < 0.5 ? "\n" : "\r\n");
      inputs.push({ name: `ragged-${index}.csv`, bytes: encoder.encode(text), format: random() < 0.2 ? "tsv" : "csv" });
    }
    for (let index = 0; index < 40; index += 1) {
      inputs.push({
        name: `bytes-${index}.csv`,
        bytes: Uint8Array.from({ length: 1 + Math.floor(random() * 2000) }, () => Math.floor(random() * 256)),
        format: "csv",
      });
    }
    inputs.push({ name: "latin1.csv", bytes: Uint8Array.from([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0x63, 0x61, 0x66, 0xe9, 0x0a]), format: "csv" });
    inputs.push({ name: "utf16.csv", bytes: Uint8Array.from([0xff, 0xfe, 0x61, 0x00, 0x0a, 0x00, 0x31, 0x00]), format: "csv" });
    inputs.push({
      name: "wide.csv",
      bytes: encoder.encode(`${Array.from({ length: 10_000 }, (_, column) => `c${column}`).join(",")}\n${"1,".repeat(9_999)}1`),
      format: "csv",
    });
    for (const json of ["42", '"text"', "null", "[]", "[1,2,3]", '{"a":1}', '{"a":[1],"b":[2]}', "[[]]", '[{"a":{"deep":[1,{"x":2}]}}]', "{", "[{]"]) {
      inputs.push({ name: "shape.json", bytes: encoder.encode(json), format: "json" });
    }
    for (const input of inputs) {
      tally.tables += 1;
      const before = (await engine.schema()).tables.length;
      const outcome = await engine.importTable(input.name, input.bytes, input.format);
      const after = (await engine.schema()).tables.length;
      if (outcome.ok) expect(after).toBe(before + 1);
      else {
        expect(outcome.error.kind).toBe("import-error");
        expect(after).toBe(before); // all or nothing
      }
      await expectIntact();
    }
    expect(tally.tables).toBeGreaterThanOrEqual(110);
  });

  it("imports a CSV with a 200 MB line or refuses it clearly", async () => {
    tally.tables += 1;
    const line = "x".repeat(200 * 1024 * 1024);
    const outcome = await engine.importTable("long-line.csv", new TextEncoder().encode(`note\n${line}\n`), "csv");
    if (!outcome.ok) expect(outcome.error.message).toMatch(/long-line\.csv/);
    else expect(outcome.rowCount).toBe(1);
    await expectIntact();
  }, 120_000);

  it("survives SQL of every shape: deep nesting, huge literals, many statements, bad UTF-16, token soup", async () => {
    const random = seededRandom(3);
    const texts: string[] = [
      `SELECT ${"(".repeat(5000)}1${")".repeat(5000)}`,
      `SELECT ${"-".repeat(10_000)}1`,
      `SELECT length('${"a".repeat(10 * 1024 * 1024)}')`,
      "SELECT 1;".repeat(10_000),
      "SELECT '\uD800\uDFFF\uDC00'",
      "SELECT x'zz'",
      "",
      ";;;;",
      "/* unterminated",
      "'unterminated",
      `SELECT ${Array.from({ length: 3000 }, (_, index) => `${index} AS c${index}`).join(", ")}`,
      "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r LIMIT 100000) SELECT sum(n) FROM r",
      `SELECT * FROM patients WHERE patient_id IN (${Array.from({ length: 20_000 }, (_, index) => index).join(",")})`,
    ];
    const words = [
      "SELECT",
      "FROM",
      "WHERE",
      "(",
      ")",
      ",",
      "'",
      '"',
      "patients",
      "*",
      "JOIN",
      "ON",
      "=",
      "1",
      "NULL",
      "ORDER",
      "BY",
      "GROUP",
      "--",
      "/*",
      "*/",
      ";",
      "CASE",
      "WHEN",
      "END",
      "\u0000",
      "é",
      "😀",
    ];
    for (let index = 0; index < 150; index += 1) {
      texts.push(Array.from({ length: 1 + Math.floor(random() * 40) }, () => words[Math.floor(random() * words.length)]).join(random() < 0.5 ? " " : ""));
    }
    for (const text of texts) {
      tally.statements += 1;
      const outcome = await engine.execute(text);
      if (!outcome.ok) expect(outcome.error.message.length).toBeGreaterThan(0);
      const readOnly = await engine.executeReadOnly(text, { maxRows: 10 });
      if (!readOnly.ok) expect(readOnly.error.message.length).toBeGreaterThan(0);
      await expectIntact();
    }
    expect(tally.statements).toBeGreaterThanOrEqual(160);
  }, 120_000);
});

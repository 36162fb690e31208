// The kind of figure a question asks for (money, rating, quantity, area), the columns that hold it, and pruning keeping
// such a column of a chosen table without bringing in tables of its own.
import initSqlJs from "sql.js";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteEngine } from "../db/sqljs-engine";
import { columnMeasures, questionMeasures } from "./measure-concepts";
import { pruneSchema } from "./prune";
import { SchemaRetriever } from "./schema-retriever";
import { textWords } from "./text-terms";
import { buildValueIndex } from "./value-index-builder";

const asked = (question: string) => [...questionMeasures(textWords(question))].sort();
const held = (name: string, type = "REAL", isKey = false) => columnMeasures({ type }, textWords(name), isKey);

describe("measure concepts", () => {
  it("tells the kind of figure a question asks for, in English, German and Dutch, from words, beginnings, phrases and compounds", () => {
    expect(asked("How much did the clinic charge for annual physicals?")).toEqual(["money"]);
    expect(asked("How much money did annual passes bring in?")).toEqual(["money"]);
    expect(asked("What was the total take-home pay for March?")).toEqual(["money"]);
    expect(asked("Which customers gave a mystery five stars?")).toEqual(["rating"]);
    expect(asked("How many books are sitting on the shelves?")).toEqual(["quantity"]);
    expect(asked("What is the average sale price per square foot?")).toEqual(["area", "money"]);
    expect(asked("Wie hoch waren die Stromkosten 2024?")).toEqual(["money"]);
    expect(asked("Welche Wohnungen haben mehr als 80 m² Wohnfläche?")).toEqual(["area"]);
    expect(asked("Hoeveel hebben klanten betaald?")).toEqual(["money"]);
    // No figure asked: a count of rows, a name, a date.
    expect(asked("How many employees have left the company?")).toEqual([]);
    expect(asked("Which doctors work in Cardiology?")).toEqual([]);
    // A beginning is a beginning: "payroll" starts with "pay" but "pay" is a whole word here, as "fee" is in "feedback".
    expect(asked("Which feedback mentions the payroll team?")).toEqual([]);
  });

  it("tells which columns hold a kind of figure by their names, compounds too, but never a key or a text column", () => {
    expect(held("net_amt")).toEqual(["money"]);
    expect(held("fee", "NUMERIC")).toEqual(["money"]);
    expect(held("Durchschnittspreis")).toEqual(["money"]);
    expect(held("rating", "INTEGER")).toEqual(["rating"]);
    expect(held("quantity_on_hand", "INTEGER")).toEqual(["quantity"]);
    expect(held("qty", "")).toEqual(["quantity"]);
    expect(held("sqft", "INTEGER")).toEqual(["area"]);
    expect(held("Wohnfläche")).toEqual(["area"]);
    // A date, a code, a key: not figures, whatever their names say.
    expect(held("pay_date", "TEXT")).toEqual([]);
    expect(held("price_band", "TEXT")).toEqual([]);
    expect(held("fare_code", "INTEGER")).toEqual([]);
    expect(held("price_id", "INTEGER", true)).toEqual([]);
    expect(held("visit_type", "TEXT")).toEqual([]);
  });
});

let SQL: Awaited<ReturnType<typeof initSqlJs>>;
beforeAll(async () => {
  SQL = await initSqlJs();
});

/**
 * A clinic's appointments, a table of the clinic's sites whose every column names the clinic, and tables that each hold
 * an amount of their own (the budget keeps only a few).
 */
const CLINIC = `
CREATE TABLE patients (patient_id INTEGER PRIMARY KEY, first_name TEXT, last_name TEXT, birth_date TEXT, city TEXT);
CREATE TABLE appointments (appointment_id INTEGER PRIMARY KEY, patient_id INTEGER REFERENCES patients(patient_id), scheduled_at TEXT,
  duration_minutes INTEGER, visit_type TEXT, room TEXT, status TEXT, diagnosis TEXT, fee REAL);
CREATE TABLE clinic_sites (site_id INTEGER PRIMARY KEY, clinic_name TEXT, clinic_street TEXT, clinic_phone TEXT, clinic_wing TEXT,
  clinic_hours TEXT, clinic_manager TEXT, clinic_email TEXT);
INSERT INTO patients VALUES (1, 'Ada', 'Byron', '1990-01-01', 'Leeds');
INSERT INTO appointments VALUES (1, 1, '2024-03-01 09:00', 30, 'Annual physical', 'A1', 'done', 'healthy', 120.0),
  (2, 1, '2024-05-01 10:00', 15, 'Follow-up', 'B2', 'done', 'healthy', 60.0);
${Array.from(
  { length: 20 },
  (_, index) => `CREATE TABLE ledger_${index} (entry_${index}_id INTEGER PRIMARY KEY, label TEXT, posted_on TEXT, amount REAL, remark TEXT);`,
).join("\n")}
`;

async function clinicRetriever(): Promise<SchemaRetriever> {
  const engine = new SqliteEngine(SQL);
  await engine.open(null);
  const outcome = await engine.execute(CLINIC);
  if (!outcome.ok) throw new Error(outcome.error.message);
  const schema = await engine.schema();
  return new SchemaRetriever({ schema, values: (await buildValueIndex(engine, schema)).index });
}

describe("pruning with the kind of figure asked for", () => {
  it("scores the columns holding the figure asked for, and no others", async () => {
    const retriever = await clinicRetriever();
    const { stages } = await retriever.score("How much did the clinic charge for annual physicals?", null);
    const measureOf = (table: string, column: string) => stages[retriever.columnUnit(table, column)!]!.measure;
    expect(measureOf("appointments", "fee")).toBe(1);
    expect(measureOf("ledger_0", "amount")).toBe(1);
    expect(measureOf("appointments", "visit_type")).toBeUndefined();
    expect(measureOf("appointments", "duration_minutes")).toBeUndefined();
  });

  it("keeps the amount of the table the question is about, with its reason, and brings in no table for its amount alone", async () => {
    const retriever = await clinicRetriever();
    const question = "How much did the clinic charge for annual physicals?";
    const tight = await pruneSchema(retriever, question, { budget: 100, budgetShare: 0 });
    expect(tight.kept.appointments).toEqual(expect.arrayContaining(["visit_type", "fee"]));
    expect(tight.columns.find((column) => column.table === "appointments" && column.column === "fee")!.reasons).toContain("measure");
    // A question asking for no figure leaves the amount to the budget: the rest of the table does not fit this one.
    const noFigure = await pruneSchema(retriever, "Which patients had annual physicals?", { budget: 100, budgetShare: 0 });
    expect(noFigure.kept.appointments).not.toContain("fee");
    // The sites' columns name the clinic and outrank the amount on their own: it comes with the appointments table.
    const crowded = await pruneSchema(retriever, question, { budget: 180, budgetShare: 0 });
    expect(crowded.kept.clinic_sites).toBeDefined();
    expect(crowded.kept.appointments).toContain("fee");
    // Twenty ledgers hold an amount each; none is about the question, even with room to spare.
    const roomy = await pruneSchema(retriever, question, { budget: 600, budgetShare: 0 });
    expect(roomy.kept.appointments).toContain("fee");
    expect(Object.keys(roomy.kept).filter((table) => table.startsWith("ledger_"))).toEqual([]);
  });
});

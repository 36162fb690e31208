import { readFileSync } from "node:fs";
import initSqlJs from "sql.js";
import { describe, expect, it } from "vitest";
import { createSqlJsQueryRunner } from "../eval/query-runner";
import { databaseUrl, MAX_EXERCISE_SET_CHARACTERS, parseExerciseSet, readExerciseSet } from "./exercise-set";

const minimal = { title: "T", database: "bookshop", questions: [{ id: "q1", question: "How many?", reference: "SELECT 1" }] };

function problemsOf(value: unknown): string[] {
  const outcome = readExerciseSet(value);
  if (outcome.ok) throw new Error("expected the set to be refused");
  return outcome.error.problems;
}

describe("the exercise-set format", () => {
  it("reads a minimal set, with hints on by default and the version filled in", () => {
    const outcome = parseExerciseSet(JSON.stringify(minimal));
    expect(outcome).toEqual({
      ok: true,
      set: { version: 1, title: "T", database: { kind: "sample", name: "bookshop" }, hints: true, questions: minimal.questions },
    });
  });

  it("keeps hints: false and the optional notes", () => {
    const outcome = readExerciseSet({ ...minimal, hints: false, questions: [{ ...minimal.questions[0], notes: "Think of COUNT." }] });
    expect(outcome.ok && outcome.set.hints).toBe(false);
    expect(outcome.ok && outcome.set.questions[0]!.notes).toBe("Think of COUNT.");
  });

  it("tells a bundled sample, a URL and a relative path apart, and resolves the path against the file", () => {
    const databaseOf = (database: string) => {
      const outcome = readExerciseSet({ ...minimal, database });
      if (!outcome.ok) throw new Error(outcome.error.message);
      return outcome.set.database;
    };
    expect(databaseOf("clinic")).toEqual({ kind: "sample", name: "clinic" });
    expect(databaseOf("https://example.org/shop.sqlite")).toEqual({ kind: "url", url: "https://example.org/shop.sqlite" });
    const path = databaseOf("data/shop.sqlite");
    expect(path).toEqual({ kind: "path", path: "data/shop.sqlite" });
    if (path.kind !== "path") throw new Error("unreachable");
    expect(databaseUrl(path, "https://course.example/unit-3/set.json")).toBe("https://course.example/unit-3/data/shop.sqlite");
    expect(problemsOf({ ...minimal, database: "file:///etc/passwd" })).toEqual([
      "database: must be a bundled sample's name, an http(s) URL or a path relative to the exercise file.",
    ]);
  });

  it("names each problem by its place in the file", () => {
    const problems = problemsOf({
      title: "",
      database: "bookshop",
      hint: false,
      questions: [
        { id: "a", question: "Q", reference: "SELECT 1; SELECT 2" },
        { id: "a", question: "Q2" },
      ],
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        "title: must not be empty.",
        "The set has a field the format does not know: 'hint'.",
        "questions[0].reference: must be exactly one SQL statement (the result of that statement is the right answer).",
        "questions[1].reference is missing.",
      ]),
    );
  });

  it("refuses repeated question ids, an empty list, a wrong version and a non-boolean hints", () => {
    const twice = { ...minimal, questions: [minimal.questions[0], minimal.questions[0]] };
    expect(problemsOf(twice)).toEqual(["questions[1].id: repeats the id 'q1'."]);
    expect(problemsOf({ ...minimal, questions: [] })).toEqual(["questions: must hold at least one question."]);
    expect(problemsOf({ ...minimal, version: 2 })).toEqual(["version: must be 1 (the only version this page reads)."]);
    expect(problemsOf({ ...minimal, hints: "no" })).toEqual(["hints: must be true or false."]);
  });

  it("gives one message saying the first problem and how many there are", () => {
    const outcome = readExerciseSet({ database: "bookshop", questions: "none" });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.error.message).toBe("This is not a valid exercise set: title is missing. (2 problems)");
  });

  it("refuses text that is not JSON, or too large, before reading it", () => {
    const notJson = parseExerciseSet("title: Bookshop\n");
    expect(!notJson.ok && notJson.error.kind).toBe("not-json");
    expect(!notJson.ok && notJson.error.message).toMatch(/^The exercise set is not JSON \(.+\)\. Only JSON is read/s);
    const large = parseExerciseSet(" ".repeat(MAX_EXERCISE_SET_CHARACTERS + 1));
    expect(!large.ok && large.error.kind).toBe("too-large");
  });
});

describe("the bundled Bookshop exercise set (public/exercises/bookshop.json)", () => {
  it("is valid, names a bundled sample, and every reference query runs on it and returns rows", async () => {
    const outcome = parseExerciseSet(readFileSync("public/exercises/bookshop.json", "utf8"));
    if (!outcome.ok) throw new Error(outcome.error.problems.join("\n"));
    const { database } = outcome.set;
    const manifest = JSON.parse(readFileSync("public/samples/manifest.json", "utf8")) as { id: string; file: string }[];
    const sample = manifest.find((entry) => database.kind === "sample" && entry.id === database.name);
    expect(sample, "the set's database is a bundled sample").toBeDefined();

    const SQL = await initSqlJs();
    const sqlite = new SQL.Database(readFileSync(`public/samples/${sample!.file}`));
    const runner = createSqlJsQueryRunner(sqlite);
    try {
      for (const question of outcome.set.questions) {
        const result = await runner.run(question.reference, { timeoutMs: 10_000 });
        expect(result.ok ? result.rows.length : result.error.message, question.id).toBeGreaterThan(0);
      }
    } finally {
      sqlite.close();
    }
  });
});

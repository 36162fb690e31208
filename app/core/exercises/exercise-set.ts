// The exercise-set file a teacher writes (docs/exercises.md): read, checked and turned into clear messages, with bounded input.
import * as z from "../zod-mini";
import { splitStatements } from "../db/sql-statements";

/** A set is a page of questions, not a data file: far above any real one, low enough to parse at once in a tab. */
export const MAX_EXERCISE_SET_CHARACTERS = 1_000_000;
export const MAX_QUESTIONS = 500;
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 5_000;
const MAX_QUESTION_TEXT = 2_000;
const MAX_REFERENCE_SQL = 20_000;
const MAX_NOTES = 5_000;
const MAX_DATABASE = 2_000;
/** Problems listed at once: the first ones say what is wrong; hundreds would bury them. */
const MAX_PROBLEMS_SHOWN = 20;

/** The only version so far; a later format bumps it, so an old page refuses a new file instead of misreading it. */
export const EXERCISE_FORMAT_VERSION = 1;

/**
 * Where a set's database comes from, read from the file's `database` text:
 * - `https://…` or `http://…`: that URL;
 * - a bare name (letters, digits, `-`, `_`): a bundled sample (`bookshop`, `flights`, `clinic`);
 * - anything else: a path relative to the exercise file (`data/shop.sqlite`, `../samples/bookshop.sqlite`).
 */
export type ExerciseDatabase = { kind: "sample"; name: string } | { kind: "url"; url: string } | { kind: "path"; path: string };

export interface ExerciseQuestion {
  /** Stable within the set: progress is kept under it, so a teacher can reword a question without losing answers. */
  id: string;
  question: string;
  /** The one statement whose result is the right answer. */
  reference: string;
  /** Shown to the student with the reference answer (an explanation, a common mistake); never sent in a hint. */
  notes?: string;
}

export interface ExerciseSet {
  version: number;
  title: string;
  description?: string;
  database: ExerciseDatabase;
  /** False when the teacher turned hints off. */
  hints: boolean;
  questions: ExerciseQuestion[];
}

export type ExerciseSetProblem = { kind: "too-large" | "not-json" | "invalid"; message: string; problems: string[] };
export type ExerciseSetOutcome = { ok: true; set: ExerciseSet } | { ok: false; error: ExerciseSetProblem };

const SAMPLE_NAME = /^[A-Za-z0-9_-]+$/;
const QUESTION_ID = /^[A-Za-z0-9_.-]+$/;

/** Reads the file's `database` text; see ExerciseDatabase for the three forms. */
export function exerciseDatabaseOf(text: string): ExerciseDatabase {
  if (/^https?:\/\//i.test(text)) return { kind: "url", url: text };
  if (SAMPLE_NAME.test(text)) return { kind: "sample", name: text };
  return { kind: "path", path: text };
}

/** The database's URL for a path form, resolved against the exercise file's own URL (as a browser resolves a link). */
export function databaseUrl(database: Exclude<ExerciseDatabase, { kind: "sample" }>, setUrl: string): string {
  return database.kind === "url" ? database.url : new URL(database.path, setUrl).href;
}

const text = (max: number) =>
  z.string().check(z.trim(), z.minLength(1, "must not be empty"), z.maxLength(max, `must be at most ${max.toLocaleString("en-US")} characters`));

const databaseText = text(MAX_DATABASE).check(
  z.refine((value) => !/^[a-z][a-z0-9+.-]*:/i.test(value) || /^https?:\/\//i.test(value), {
    message: "must be a bundled sample's name, an http(s) URL or a path relative to the exercise file",
  }),
);

const questionSchema = z.strictObject({
  id: text(64).check(z.regex(QUESTION_ID, "must be letters, digits, '.', '-' or '_'")),
  question: text(MAX_QUESTION_TEXT),
  reference: text(MAX_REFERENCE_SQL).check(
    z.refine((sql) => splitStatements(sql).length === 1, {
      message: "must be exactly one SQL statement (the result of that statement is the right answer)",
    }),
  ),
  notes: z.optional(text(MAX_NOTES)),
});

const exerciseSetSchema = z.strictObject({
  version: z.optional(z.literal(EXERCISE_FORMAT_VERSION, `must be ${EXERCISE_FORMAT_VERSION} (the only version this page reads)`)),
  title: text(MAX_TITLE),
  description: z.optional(text(MAX_DESCRIPTION)),
  database: databaseText,
  hints: z.optional(z.boolean("must be true or false")),
  questions: z.array(questionSchema).check(
    z.minLength(1, "must hold at least one question"),
    z.maxLength(MAX_QUESTIONS, `must hold at most ${MAX_QUESTIONS} questions`),
    z.superRefine((questions, context) => {
      const seen = new Set<string>();
      questions.forEach((question, index) => {
        if (seen.has(question.id)) context.addIssue({ code: "custom", message: `repeats the id '${question.id}'`, path: [index, "id"] });
        seen.add(question.id);
      });
    }),
  ),
});

/** `questions[2].reference`: where in the file a problem is, written as the file would be navigated. */
function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (written, key) => (typeof key === "number" ? `${written}[${key}]` : written === "" ? String(key) : `${written}.${String(key)}`),
    "",
  );
}

/** The value at a problem's path in what was read, to tell a missing field from one of the wrong type. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>((inner, key) => (inner !== null && typeof inner === "object" ? (inner as Record<PropertyKey, unknown>)[key] : undefined), value);
}

function problemText(issue: z.core.$ZodIssue, value: unknown): string {
  const where = pathText(issue.path);
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => `'${key}'`).join(", ");
    return `${where === "" ? "The set" : where} has ${issue.keys.length === 1 ? "a field" : "fields"} the format does not know: ${keys}.`;
  }
  // zod's own "expected string, received undefined" reads as a type error; say which field is missing instead.
  if (issue.code === "invalid_type" && issue.path.length > 0 && valueAt(value, issue.path) === undefined) return `${where} is missing.`;
  return `${where === "" ? "The set" : where}: ${issue.message}.`;
}

/** Checks an already-parsed value (the course build reads JSON itself) against the format. */
export function readExerciseSet(value: unknown): ExerciseSetOutcome {
  const parsed = exerciseSetSchema.safeParse(value);
  if (!parsed.success) {
    const all = parsed.error.issues.map((issue) => problemText(issue, value));
    const problems = all.length > MAX_PROBLEMS_SHOWN ? [...all.slice(0, MAX_PROBLEMS_SHOWN), `…and ${all.length - MAX_PROBLEMS_SHOWN} more.`] : all;
    return {
      ok: false,
      error: { kind: "invalid", message: `This is not a valid exercise set: ${problems[0]}${all.length > 1 ? ` (${all.length} problems)` : ""}`, problems },
    };
  }
  const { version, title, description, database, hints, questions } = parsed.data;
  return {
    ok: true,
    set: {
      version: version ?? EXERCISE_FORMAT_VERSION,
      title,
      ...(description === undefined ? {} : { description }),
      database: exerciseDatabaseOf(database),
      hints: hints ?? true,
      questions,
    },
  };
}

/** Parses the text of an exercise-set file (JSON). Refuses a text past MAX_EXERCISE_SET_CHARACTERS before parsing it. */
export function parseExerciseSet(fileText: string): ExerciseSetOutcome {
  if (fileText.length > MAX_EXERCISE_SET_CHARACTERS) {
    const message = `The exercise set is too large (${fileText.length.toLocaleString("en-US")} characters; at most ${MAX_EXERCISE_SET_CHARACTERS.toLocaleString("en-US")}).`;
    return { ok: false, error: { kind: "too-large", message, problems: [message] } };
  }
  let value: unknown;
  try {
    value = JSON.parse(fileText);
  } catch (error) {
    const message = `The exercise set is not JSON (${error instanceof SyntaxError ? error.message : "unreadable"}). Only JSON is read; see docs/exercises.md.`;
    return { ok: false, error: { kind: "not-json", message, problems: [message] } };
  }
  return readExerciseSet(value);
}

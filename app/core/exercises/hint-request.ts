// The hint request for an exercise: what the model is told and shown. It never carries the reference SQL, the teacher's
// notes or any value from the database, so the reply cannot copy the answer in and data sharing is not widened.
import type { SqlDiagnosis } from "../db/sql-diagnosis";
import type { DatabaseSchema } from "../db/types";
import { schemaText } from "../schema/schema-text";

/** A hint is a nudge: a few sentences. */
const HINT_SENTENCES = 4;
/** Stages listed; past this a query's shape is clear enough and the prompt stays small. */
const MAX_STAGES_SENT = 30;

export const HINT_SYSTEM_PROMPT = [
  "You are a patient SQL tutor helping a student with a practice exercise on a SQLite database.",
  "The student wrote a query that does not answer the question yet. Explain what is wrong, or what to look at next, so that the student can fix it alone.",
  "Do not give the answer away: never write the corrected query or any complete SQL statement, and do not dictate the exact condition, join or expression to type.",
  "Point at the clause and the idea instead (for example: how NULL compares, which table holds a column, filtering before or after grouping, duplicate rows, sort order).",
  `Answer in at most ${HINT_SENTENCES} short sentences of plain text, addressed to the student.`,
].join("\n");

export interface HintContext {
  question: string;
  schema: DatabaseSchema;
  studentSql: string;
  /** What Check found, in words with counts only (checkAnswer's verdictText), or null before any Check. */
  verdict: string | null;
  /** The clause stages of the student's query, when a diagnosis ran; only the clauses and row counts are sent. */
  diagnosis: SqlDiagnosis | null;
}

function diagnosisLines(diagnosis: SqlDiagnosis): string[] {
  const stages = diagnosis.stages.slice(0, MAX_STAGES_SENT).map((stage, index) => {
    const part = stage.part === "query" ? "" : `${stage.part}, `;
    const outcome = stage.rows === null ? `error: ${stage.error ?? "failed"}` : `${stage.rows} ${stage.rows === 1 ? "row" : "rows"}`;
    return `${index + 1}. ${part}${stage.clause}: ${outcome}`;
  });
  const left = diagnosis.stages.length - stages.length;
  return left > 0 ? [...stages, `(${left} more stages not listed)`] : stages;
}

/** The request a hint sends: system prompt and user prompt, built from the exercise and the student's attempt only. */
export function buildHintRequest(context: HintContext): { system: string; prompt: string } {
  const parts = [
    "Database schema:",
    schemaText(context.schema, { includeValues: false }),
    "",
    `Exercise question: ${context.question}`,
    "",
    "The student's query:",
    "```sql",
    context.studentSql.trim(),
    "```",
  ];
  if (context.verdict) parts.push("", `Checking it against the expected result: ${context.verdict}`);
  if (context.diagnosis && context.diagnosis.stages.length > 0) {
    parts.push("", "The student's query run clause by clause (rows after each stage):", ...diagnosisLines(context.diagnosis));
  }
  parts.push("", "Give the student a hint.");
  return { system: HINT_SYSTEM_PROMPT, prompt: parts.join("\n") };
}

// Benchmarks in the Spider layout (dev.json with db_id, question, query; optional BIRD fields), read from text.
import { z } from "zod";

export const benchmarkQuestionSchema = z
  .object({
    db_id: z.string().min(1),
    question: z.string().min(1),
    /** Spider names the gold SQL `query`; BIRD names it `SQL`. */
    query: z.string().optional(),
    SQL: z.string().optional(),
    evidence: z.string().optional(),
    difficulty: z.string().optional(),
    hardness: z.string().optional(),
  })
  .passthrough()
  .refine((question) => (question.query ?? question.SQL) !== undefined, { message: "each question needs its gold SQL in `query` (Spider) or `SQL` (BIRD)" });

export interface BenchmarkQuestion {
  index: number;
  dbId: string;
  question: string;
  gold: string;
  evidence?: string;
  difficulty?: string;
}

export function parseBenchmarkQuestions(text: string): { ok: true; questions: BenchmarkQuestion[] } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `The questions file is not JSON (${error instanceof Error ? error.message : String(error)}).` };
  }
  const parsed = z.array(benchmarkQuestionSchema).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, message: `The questions file is not in the Spider layout (${issue ? `${issue.path.join(".") || "top level"}: ${issue.message}` : "unknown shape"}).` };
  }
  return {
    ok: true,
    questions: parsed.data.map((entry, index) => ({
      index,
      dbId: entry.db_id,
      question: entry.question,
      gold: (entry.query ?? entry.SQL)!,
      evidence: entry.evidence || undefined,
      difficulty: entry.difficulty ?? entry.hardness,
    })),
  };
}

export interface QuestionFilter {
  dbIds?: string[];
  difficulties?: string[];
  limit?: number;
}

export function selectQuestions(questions: BenchmarkQuestion[], filter: QuestionFilter): BenchmarkQuestion[] {
  const chosen = questions.filter(
    (question) =>
      (!filter.dbIds?.length || filter.dbIds.includes(question.dbId)) &&
      (!filter.difficulties?.length || (question.difficulty !== undefined && filter.difficulties.includes(question.difficulty))),
  );
  return filter.limit === undefined ? chosen : chosen.slice(0, filter.limit);
}

// Benchmarks in the Spider layout (dev.json with db_id, question, query; optional BIRD fields), read from text.
import { z } from "zod";
import { seededRandom } from "../seeded-random";
import { errorMessage } from "../error-message";

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
    return { ok: false, message: `The questions file is not JSON (${errorMessage(error)}).` };
  }
  const parsed = z.array(benchmarkQuestionSchema).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      message: `The questions file is not in the Spider layout (${issue ? `${issue.path.join(".") || "top level"}: ${issue.message}` : "unknown shape"}).`,
    };
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
  /** With a limit: a random sample (reproducible from the seed) instead of the first questions. */
  sampleSeed?: number;
}

export function selectQuestions(questions: BenchmarkQuestion[], filter: QuestionFilter): BenchmarkQuestion[] {
  const chosen = questions.filter(
    (question) =>
      (!filter.dbIds?.length || filter.dbIds.includes(question.dbId)) &&
      (!filter.difficulties?.length || (question.difficulty !== undefined && filter.difficulties.includes(question.difficulty))),
  );
  if (filter.limit === undefined) return chosen;
  if (filter.sampleSeed === undefined) return chosen.slice(0, filter.limit);
  // Partial Fisher–Yates, then back into benchmark order so the results table reads naturally.
  const random = seededRandom(filter.sampleSeed);
  const pool = [...chosen];
  for (let index = 0; index < Math.min(filter.limit, pool.length); index += 1) {
    const pick = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[pick]] = [pool[pick]!, pool[index]!];
  }
  return pool.slice(0, filter.limit).sort((a, b) => a.index - b.index);
}

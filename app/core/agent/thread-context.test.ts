import { describe, expect, it } from "vitest";
import { estimateTokens } from "../schema/token-count";
import { Conversation } from "./conversation";
import { pruningText, questionWithContext, THREAD_CONTEXT_TOKENS, threadContext } from "./thread-context";
import type { ThreadQuestion } from "./thread";

function asked(number: number, overrides: Partial<ThreadQuestion> = {}): ThreadQuestion {
  return {
    traceId: `trace-${number}`,
    question: `Question number ${number}: how many orders per country?`,
    askedAt: number,
    status: "submitted",
    sql: `SELECT country, count(*) AS orders FROM orders WHERE year = ${2000 + number} GROUP BY country`,
    result: {
      columns: ["country", "orders"],
      rowCount: 42,
      rows: [
        ["Austria", 12],
        ["Belgium", 7],
        ["Chile", 3],
      ],
    },
    contextTokens: 0,
    ...overrides,
  };
}

describe("thread context", () => {
  it("is absent for a first question", () => {
    expect(threadContext([], { sharing: "results" })).toBeNull();
  });

  it("states each earlier question, its final SQL and the shape of its result", () => {
    const context = threadContext([asked(1), asked(2, { sql: null, result: null, status: "max-turns" })], { sharing: "schema" })!;
    expect(context.text).toBe(
      [
        "Earlier in this conversation (the new question may build on these answers):",
        "Q1: Question number 1: how many orders per country?",
        "→ final SQL: SELECT country, count(*) AS orders FROM orders WHERE year = 2001 GROUP BY country",
        "→ 42 rows (columns country, orders)",
        "Q2: Question number 2: how many orders per country?",
        "→ no final SQL (the run ended: max-turns)",
      ].join("\n"),
    );
    expect(context).toMatchObject({ included: 2, left: 0, tokens: estimateTokens(context.text) });
  });

  it("sends values of a result only when query results may be shared", () => {
    for (const sharing of ["schema", "profiles"] as const) {
      const text = threadContext([asked(1)], { sharing })!.text;
      expect(text).toContain("42 rows (columns country, orders)");
      expect(text).not.toContain("Austria");
      expect(text).not.toContain("12");
    }
    const shared = threadContext([asked(1)], { sharing: "results" })!.text;
    expect(shared).toContain('→ first 3: ["Austria",12], ["Belgium",7], ["Chile",3]');
    const whole = threadContext([asked(1, { result: { columns: ["n"], rowCount: 1, rows: [[5]] } })], { sharing: "results" })!.text;
    expect(whole).toContain("→ 1 row (columns n)\n→ rows: [5]");
  });

  it("stays within the bound by leaving out the oldest questions first, and says how many", () => {
    const questions = Array.from({ length: 40 }, (_, index) => asked(index + 1));
    const context = threadContext(questions, { sharing: "results" })!;
    expect(context.tokens).toBeLessThanOrEqual(THREAD_CONTEXT_TOKENS);
    expect(context.left).toBeGreaterThan(0);
    expect(context.included + context.left).toBe(40);
    // The newest are the ones kept, numbered as in the thread.
    expect(context.text).toContain("Q40: ");
    expect(context.text).not.toContain("Q1: ");
    expect(context.text).toContain(`(${context.left} earlier questions left out.)`);
    // The bound is what decides: one token less and one question fewer fits.
    expect(threadContext(questions, { sharing: "results", maxTokens: context.tokens - 1 })!.included).toBe(context.included - 1);
    for (const maxTokens of [150, 300, 600]) {
      expect(threadContext(questions, { sharing: "schema", maxTokens })!.tokens).toBeLessThanOrEqual(maxTokens);
    }
  });

  it("keeps the newest question even when it alone is too long: rows first, then its SQL is cut", () => {
    const long = asked(2, { sql: `SELECT ${Array.from({ length: 400 }, (_, index) => `column_${index}`).join(", ")} FROM wide_table` });
    const context = threadContext([asked(1), long], { sharing: "results", maxTokens: 200 })!;
    expect(context.tokens).toBeLessThanOrEqual(200);
    expect(context).toMatchObject({ included: 1, left: 1 });
    expect(context.text).toContain("Q2: ");
    expect(context.text).toContain("… (cut)");
    expect(context.text).not.toContain("Austria");
  });

  it("goes before the question in the first user message, and the message is the question alone without it", () => {
    const start = { question: "now only for 2020", schemaText: "CREATE TABLE orders (id INTEGER)", sharing: "schema" as const, protocol: "tools" as const };
    expect(new Conversation(start).messages).toEqual([{ role: "user", content: "now only for 2020" }]);
    const context = threadContext([asked(1)], { sharing: "schema" })!;
    const message = new Conversation({ ...start, threadContext: context.text }).messages[0]!.content as string;
    expect(message).toBe(questionWithContext("now only for 2020", context.text));
    expect(message.startsWith("Earlier in this conversation")).toBe(true);
    expect(message.endsWith("\n\nNew question: now only for 2020")).toBe(true);
    expect(message).toContain("WHERE year = 2001");
  });

  it("prunes a follow-up for the last two earlier questions and itself", () => {
    const thread = { questions: [asked(1), asked(2), asked(3), asked(4, { status: "running" })] };
    expect(pruningText("split that by city", thread)).toBe(`${asked(2).question} · ${asked(3).question} · split that by city`);
    expect(pruningText("How many?", null)).toBe("How many?");
  });
});

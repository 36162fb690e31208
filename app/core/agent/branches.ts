// A trace's branches: forks of it, each continued from an edited step (fork.ts runs them; branch-compare.ts compares
// them). Light on purpose, zod and the events only: trace.ts, loaded with the page, keeps a trace's branches.
import * as z from "../zod-mini";
import { agentEventSchema, type AgentEvent, type AgentEventOf } from "./events";

/** Tools whose call is a query a person can change to fork the trace there. */
export const FORKABLE_TOOLS: readonly string[] = ["run_sql", "diagnose_sql", "submit_sql"];

/** What a fork changes: the SQL of one call (its turn and id in the trace forked), or the question (step 0). */
export const forkEditSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("sql"), turn: z.number(), toolCallId: z.string(), sql: z.string().check(z.minLength(1)) }),
  z.object({ kind: z.literal("question"), question: z.string().check(z.minLength(1)) }),
]);
export type ForkEdit = z.infer<typeof forkEditSchema>;
export type SqlEdit = Extract<ForkEdit, { kind: "sql" }>;

export const traceBranchSchema = z.object({
  id: z.string(),
  /** The branch it was forked from; null for the trace's own run ("Original"). */
  parentId: z.nullable(z.string()),
  edit: forkEditSchema,
  question: z.string(),
  model: z.string(),
  baseUrl: z.string(),
  createdAt: z.number(),
  /** The whole run, self-contained: the turns up to the edit as the fork's model was told them, then its own. */
  events: z.array(agentEventSchema),
});
export type TraceBranch = z.infer<typeof traceBranchSchema>;

/** The SQL a person may change to fork at this call, or null: a query tool the model called (not the loop's own submit). */
export function forkableSql(call: AgentEventOf<"tool-call">): string | null {
  if (!FORKABLE_TOOLS.includes(call.tool) || call.by === "agent") return null;
  const input = call.input as { sql?: unknown } | null;
  return typeof input?.sql === "string" ? input.sql : null;
}

/** Whether an edit can fork these events: a question that changed, or a forkable call's SQL changed. Null when it can. */
export function forkEditProblem(events: readonly AgentEvent[], edit: ForkEdit): string | null {
  if (edit.kind === "question") return edit.question.trim() === "" ? "Type the question the fork should ask." : null;
  const call = events.find(
    (event): event is AgentEventOf<"tool-call"> => event.type === "tool-call" && event.turn === edit.turn && event.toolCallId === edit.toolCallId,
  );
  const sql = call ? forkableSql(call) : null;
  if (sql === null) return `Turn ${edit.turn} has no query to change there.`;
  if (edit.sql.trim() === "") return "Type the SQL the fork should run.";
  return null;
}

/** "Original" for the trace's own run, "Fork 1", "Fork 2"… for its branches in the order they were made. */
export function branchLabel(index: number | null): string {
  return index === null ? "Original" : `Fork ${index + 1}`;
}

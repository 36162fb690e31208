// A fork: a trace continued by the agent loop from one of its steps with a change, either one query's SQL or the question.
import { DEFAULT_DATA_SHARING } from "../data-sharing";
import { offeredSchemaSearch, runAgent, type AgentRunOptions, type ResumedTurn } from "./agent-loop";
import type { ForkEdit, SqlEdit } from "./branches";
import type { AgentEvent, RunEvent } from "./events";
import type { StepAction } from "./stop-conditions";
import { isTextCallId, requestedCalls, validateToolCall, type RequestedToolCall, type ToolCall } from "./tool-call";
import { runTool, type Observation } from "./tools";
import { traceView, type TurnView } from "./trace";

/** How a call of the rebuilt conversation is observed: the read-only tools, under the fork's data sharing. */
export type ObserveCall = (call: ToolCall) => Promise<Observation>;

/**
 * A text-protocol turn wrote its action in its reply, so the model would read its old query beside the new result:
 * the SQL is changed in the text too, as written or as JSON escapes it. A reply that spells it otherwise is kept.
 */
function withSqlReplaced(text: string, previous: string, next: string): string {
  if (text.includes(previous)) return text.split(previous).join(next);
  const escapedPrevious = JSON.stringify(previous).slice(1, -1);
  if (text.includes(escapedPrevious)) return text.split(escapedPrevious).join(JSON.stringify(next).slice(1, -1));
  return text;
}

/**
 * One recorded turn as the fork's conversation holds it. Every call is run again through the read-only tools rather
 * than replaying the recorded observation: the fork's model is then told only what the current data-sharing choice
 * allows, about the database as it is now, the same as for the edited query. With `edit`, the turn ends at the edited
 * call (what the model asked for after it belongs to the branch left behind) and that call runs the new SQL.
 */
async function rebuiltTurn(turn: TurnView, protocol: "tools" | "text", observe: ObserveCall, edit?: SqlEdit): Promise<ResumedTurn> {
  // The loop's own submission (taken after the last turn) is its decision, not the model's: the fork makes its own.
  let recorded = turn.actions.filter((action) => action.call.by !== "agent");
  if (edit) recorded = recorded.slice(0, recorded.findIndex((action) => action.call.toolCallId === edit.toolCallId) + 1);
  const events: RunEvent[] = [{ type: "turn-start", turn: turn.turn }];
  if (turn.protocolSwitch) events.push(turn.protocolSwitch);
  let text = turn.text;
  const calls: RequestedToolCall[] = [];
  for (const { call } of recorded) {
    const edited = edit?.toolCallId === call.toolCallId;
    const input = edited ? { ...(call.input as object), sql: edit.sql } : call.input;
    const source = isTextCallId(call.toolCallId) ? "text" : "tools";
    if (edited && source === "text") text = withSqlReplaced(text, String((call.input as { sql?: unknown }).sql ?? ""), edit.sql);
    calls.push({ id: call.toolCallId, toolName: call.tool, input, source });
  }
  if (text) events.push({ type: "text-delta", turn: turn.turn, text });
  const usage = turn.end?.usage ?? { inputTokens: 0, outputTokens: 0 };
  if (turn.end) events.push(turn.end);
  const actions: StepAction[] = [];
  for (const [index, requested] of calls.entries()) {
    const original = recorded[index]!.call;
    const edited = edit?.toolCallId === requested.id;
    events.push({ ...original, input: requested.input, ...(edited ? { by: "person" as const } : {}) });
    const validated = validateToolCall(requested);
    const observation = validated.ok ? await observe(validated.call) : { ok: false, text: validated.message };
    events.push({ type: "observation", turn: turn.turn, toolCallId: requested.id, tool: requested.toolName, ...observation });
    actions.push({ requested, call: validated.ok ? validated.call : null, observation });
  }
  // A turn without a usable call was told what was wrong; the same reading of its text says it again.
  const problem = calls.length === 0 ? requestedCalls({ text: turn.text, toolCalls: [] }, protocol, turn.turn).problem : null;
  return { events, protocol, record: { text, calls, actions, problem }, step: { turn: turn.turn, usage, actions } };
}

/**
 * The turns of a recorded run up to an edited call, as the agent loop resumes them: every turn before it whole, then
 * the edited turn's calls up to the edited one, with the new SQL run read-only. The edit must name a call of the
 * events (forkEditProblem in branches.ts checks that first).
 */
export async function turnsUpToEdit(events: readonly AgentEvent[], edit: SqlEdit, observe: ObserveCall): Promise<ResumedTurn[]> {
  const view = traceView(events);
  const editedTurn = view.turns.find((turn) => turn.turn === edit.turn);
  if (!editedTurn?.actions.some((action) => action.call.toolCallId === edit.toolCallId)) {
    throw new Error(`Turn ${edit.turn} of the trace has no call ${edit.toolCallId}.`);
  }
  let protocol = view.start?.protocol ?? "tools";
  const turns: ResumedTurn[] = [];
  for (const turn of view.turns) {
    if (turn.turn > edit.turn) break;
    if (turn.protocolSwitch) protocol = turn.protocolSwitch.protocol;
    turns.push(await rebuiltTurn(turn, protocol, observe, turn.turn === edit.turn ? edit : undefined));
  }
  return turns;
}

/**
 * Runs a fork of a recorded run (`events`, the branch forked): a changed question is a new run of it; a changed query
 * continues the conversation from that step, the model taking the next turn. The options are those of a new run on
 * the same database (the caller's model, settings, sharing and schema); the events are the whole fork, the turns up
 * to the edit included, so a branch stands on its own as a trace.
 */
export async function* runFork(options: AgentRunOptions, events: readonly AgentEvent[], edit: ForkEdit): AsyncGenerator<RunEvent> {
  if (edit.kind === "question") {
    yield* runAgent({ ...options, question: edit.question });
    return;
  }
  const limits = { sharing: options.sharing ?? DEFAULT_DATA_SHARING, schemaSearch: offeredSchemaSearch(options) };
  const resume = await turnsUpToEdit(events, edit, (call) => runTool(call, options.database, limits));
  yield* runAgent({ ...options, resume });
}

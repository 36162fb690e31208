// The agent: turns of thought → one action → observation, until a stop condition holds; an async stream of events.
import type { LanguageModel } from "ai";
import type { ReadOnlyDatabase } from "../db/read-only-query";
import type { RecordingFetch } from "../llm/recording-fetch";
import type { PriceTable } from "../llm/model-prices";
import { DEFAULT_DATA_SHARING, type DataSharing } from "../data-sharing";
import { isPruned, type PromptSchema } from "../schema/pruning-summary";
import type { SchemaSearch } from "../schema/schema-search";
import { Conversation, type TurnRecord } from "./conversation";
import type { RunEvent, TokenUsage } from "./events";
import { modelTurn } from "./model-turn";
import { defaultStopConditions, firstStop, lastSuccessfulSql, submitted, type AgentStep, type StepAction, type StopCondition } from "./stop-conditions";
import { requestedCalls, validateToolCall } from "./tool-call";
import { runTool, type SchemaSearchTool } from "./tools";

export interface AgentSettings {
  model: string;
  baseUrl: string;
  temperature: number;
  maxTurns: number;
  protocol: "auto" | "tools" | "text";
  timeoutMs: number;
  maxRetries: number;
  /** Tokens (in + out) one question may use; unset means no limit. */
  tokenBudget?: number;
  /** USD one question may cost, priced with `prices` (model-prices.ts); unset, or a model without a price, means no limit. */
  costBudgetUsd?: number;
  prices?: PriceTable;
}

export interface AgentRunOptions {
  question: string;
  /** BIRD-style hint passed to the model with the question. */
  evidence?: string;
  database: ReadOnlyDatabase;
  model: LanguageModel;
  settings: AgentSettings;
  /**
   * The schema the prompt carries, exactly, and how it was pruned (recorded in run-start). From the schema layer:
   * a pruned result, or `unprunedSchema` for everything in the same format.
   */
  schema: PromptSchema;
  /**
   * A follow-up's earlier questions, as threadContext() in thread-context.ts renders them (within the sharing level and
   * a token bound): put before the question in the first user message. Absent, the question is sent alone.
   */
  threadContext?: string;
  /** What may be sent to the LLM; by default the schema only (DEFAULT_DATA_SHARING). */
  sharing?: DataSharing;
  /**
   * search_schema over the pruner's own retriever (built once per database). Offered to the model, and said in the
   * prompt, only when the schema sent is pruned: a whole schema has nothing left out to find.
   */
  schemaSearch?: SchemaSearch;
  /**
   * When to stop, checked before each turn over the steps taken; the first that holds ends the run. Default:
   * defaultStopConditions(settings), i.e. settings.maxTurns and settings.tokenBudget. A submitted answer always
   * ends the run (submit_sql ends the task), listed or not.
   */
  stopWhen?: StopCondition[];
  /**
   * Turns the conversation already holds, as a fork rebuilds them from a trace up to an edited step (fork.ts): yielded
   * after run-start as they are, told to the model as they were, and counted by the stop rules; the run goes on from
   * the turn after them. Absent, the run starts from the question.
   */
  resume?: ResumedTurn[];
  /** What to tell a person who cannot reach the provider (e.g. Ollama's allowed origins). */
  reachHint?: string;
  /** The fetch the model was created with, when it records raw exchanges. */
  recorder?: RecordingFetch;
  signal?: AbortSignal;
  /** Waits between retries; replaceable so tests need not sleep. */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** One turn taken before the run started (a fork's turns up to its edited step), in every form the loop keeps. */
export interface ResumedTurn {
  /** How the trace shows it: turn-start, a protocol switch, its thought, turn-end, each call and its observation. */
  events: RunEvent[];
  /** The protocol the conversation was in by the end of it: a provider that refused tools goes on without them. */
  protocol: "tools" | "text";
  /** What the model is told of it. */
  record: TurnRecord;
  /** What the stop rules see of it. */
  step: AgentStep;
}

/** search_schema as the loop offers it: only over a pruned schema, with what the prompt's schema shows. */
export function offeredSchemaSearch(options: Pick<AgentRunOptions, "schemaSearch" | "schema">): SchemaSearchTool | undefined {
  return options.schemaSearch && isPruned(options.schema.pruning) ? { search: options.schemaSearch, shown: options.schema.pruning.kept } : undefined;
}

function abortableSleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export async function* runAgent(options: AgentRunOptions): AsyncGenerator<RunEvent> {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? abortableSleep;
  const { settings, database, signal } = options;
  const sharing = options.sharing ?? DEFAULT_DATA_SHARING;
  const stopWhen = [submitted(), ...(options.stopWhen ?? defaultStopConditions(settings))];
  const started = now();
  let modelTime = 0;
  const usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  const schemaSearch = offeredSchemaSearch(options);
  const conversation = new Conversation({
    question: options.question,
    evidence: options.evidence,
    schemaText: options.schema.text,
    sharing,
    protocol: settings.protocol === "text" ? "text" : "tools",
    threadContext: options.threadContext,
    schemaSearch: schemaSearch !== undefined,
  });
  const runId = `run-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  yield {
    type: "run-start",
    runId,
    question: options.question,
    model: settings.model,
    baseUrl: settings.baseUrl,
    protocol: conversation.protocol,
    systemPrompt: conversation.system,
    startedAt: Date.now(),
    schema: options.schema.pruning,
    sharing,
  };

  const steps: AgentStep[] = [];
  for (const resumed of options.resume ?? []) {
    if (resumed.protocol === "text" && conversation.protocol === "tools") conversation.switchToText();
    conversation.appendTurn(resumed.record);
    steps.push(resumed.step);
    yield* resumed.events;
  }
  const end = (status: "submitted" | "max-turns" | "stopped" | "failed", turns = steps.length): RunEvent => ({
    type: "run-end",
    status,
    turns,
    usage: { ...usage },
    elapsedMs: now() - started,
    overheadMs: Math.max(0, now() - started - modelTime),
  });

  for (;;) {
    const decision = firstStop(stopWhen, steps);
    if (decision) {
      const turn = steps.length;
      if (decision.kind === "taken") {
        // The loop submits on the model's behalf, as an action of the turn that repeated the query, so the trace
        // (timeline, replay, CLI) shows that the answer was taken and why.
        const toolCallId = `taken-${turn}`;
        yield { type: "tool-call", turn, toolCallId, tool: "submit_sql", input: { sql: decision.sql }, by: "agent" };
        yield { type: "observation", turn, toolCallId, tool: "submit_sql", ok: true, text: decision.message, result: decision.observation.result };
      }
      if (decision.kind === "submitted" || decision.kind === "taken") {
        yield { type: "final", turn, sql: decision.sql, result: decision.observation.result };
        yield end("submitted");
      } else {
        yield { type: "error", turn, kind: decision.kind, message: decision.message, lastSuccessfulSql: lastSuccessfulSql(steps) };
        yield end(decision.kind === "max-turns" ? "max-turns" : "failed");
      }
      return;
    }

    const turn = steps.length + 1;
    yield { type: "turn-start", turn };
    const turnStarted = now();
    const reply = yield* modelTurn({ turn, model: options.model, settings, conversation, reachHint: options.reachHint, signal, sleep, now });
    modelTime += reply.modelMs;
    if (!reply.ok) {
      yield { type: "error", turn, kind: reply.kind, message: reply.message, lastSuccessfulSql: lastSuccessfulSql(steps) };
      // The turn that failed counts as started.
      yield end(reply.kind === "stopped" ? "stopped" : "failed", turn);
      return;
    }

    usage.inputTokens += reply.usage.inputTokens;
    usage.outputTokens += reply.usage.outputTokens;
    const raw = options.recorder ? await options.recorder.take() : [];
    yield { type: "turn-end", turn, usage: reply.usage, latencyMs: now() - turnStarted, raw };

    const { calls, problem } = requestedCalls(reply, conversation.protocol, turn);
    const actions: StepAction[] = [];
    for (const requested of calls) {
      yield { type: "tool-call", turn, toolCallId: requested.id, tool: requested.toolName, input: requested.input };
      const validated = validateToolCall(requested);
      const observation = validated.ok ? await runTool(validated.call, database, { sharing, schemaSearch }) : { ok: false, text: validated.message };
      yield {
        type: "observation",
        turn,
        toolCallId: requested.id,
        tool: requested.toolName,
        ok: observation.ok,
        text: observation.text,
        result: observation.result,
      };
      actions.push({ requested, call: validated.ok ? validated.call : null, observation });
      // One submission per turn: what follows it is not run.
      if (validated.ok && validated.call.name === "submit_sql" && observation.ok) break;
    }
    steps.push({ turn, usage: reply.usage, actions });
    conversation.appendTurn({ text: reply.text, calls, actions, problem });
  }
}

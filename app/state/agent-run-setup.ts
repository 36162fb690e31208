// What a run of the agent in the page is given, for a question asked and for a fork alike: the schema pruned for the
// question, the model (remote, or the one in this page), the database under the time limit and Stop, data sharing.
import type { AgentRunOptions } from "../core/agent/agent-loop";
import type { DataSharing } from "../core/data-sharing";
import { sharesValues } from "../core/data-sharing";
import type { LlmSettings } from "../core/llm/provider-presets";
import type { RecordingFetch } from "../core/llm/recording-fetch";
import { presetOf } from "../core/llm/provider-presets";
import type { LanguageModel } from "ai";
import { sqliteConnection } from "../browser/services";
import { useDescriptionsStore } from "./descriptions-store";
import { useInPageModelStore } from "./in-page-model-store";
import { openDatabaseSchemaSearch, usePruneStore } from "./prune-store";
import { workspaceWatchdog } from "./workspace-watchdog";

export interface AgentRunRequest {
  question: string;
  /** What the schema is pruned for: the question, with a follow-up's earlier questions (pruningText). */
  pruneFor: string;
  sharing: DataSharing;
  /** A follow-up's earlier questions as the model is told them (threadContext). */
  threadContext?: string;
  llm: LlmSettings;
  /** The fetch that adds the key for the provider's origin (llmForRequest). */
  keyFetch: typeof fetch;
  signal: AbortSignal;
}

export interface AgentRunSetup {
  options: AgentRunOptions;
  /** The model runs in this page (one reply at a time: no candidate voting). */
  inPage: boolean;
  /** Another model of the same settings with its own recorder, so a candidate's raw exchanges stay its own. */
  separateModel(): { model: LanguageModel; recorder: RecordingFetch };
}

export async function agentRunSetup(request: AgentRunRequest): Promise<AgentRunSetup> {
  const { llm, keyFetch, sharing, signal } = request;
  // The AI SDK is loaded on the first question, not with the page.
  // So is the schema's text and pruning code (prune-store.ts loads the pruner itself).
  const [{ createLanguageModel }, { createRecordingFetch }, { unprunedSchema }, { pruningSummary }] = await Promise.all([
    import("../core/llm/providers"),
    import("../core/llm/recording-fetch"),
    import("../core/schema/prune"),
    import("../core/schema/schema-context"),
  ]);
  // The schema the agent sees is pruned for this question first (on screen in the schema panel).
  const pruned = await usePruneStore.getState().prune(request.pruneFor, sharing);
  const recorder = createRecordingFetch(keyFetch);
  // "In this browser": the model runs in its worker (loaded, with consent, by in-page-model-store.ts) and reads
  // actions as plain text, since small models rarely call tools well.
  const inPage = presetOf(llm).kind === "in-page" ? await useInPageModelStore.getState().languageModel() : null;
  const options: AgentRunOptions = {
    question: request.question,
    // Every query under the person's time limit and the Stop: one stuck inside a SQLite step ends the worker.
    database: workspaceWatchdog().readOnlyView({ limitMs: llm.queryTimeLimitMs, signal }),
    model: inPage ?? createLanguageModel(llm, recorder.fetch),
    settings: inPage ? { ...llm, protocol: "text" as const } : llm,
    reachHint: presetOf(llm).reachHint,
    recorder,
    signal,
    sharing,
    threadContext: request.threadContext,
    // search_schema over the pruner's retriever; the loop offers it only when the schema sent is pruned.
    schemaSearch: (pruned && openDatabaseSchemaSearch()) ?? undefined,
    // When pruning could not run, the whole schema goes, in the same format.
    schema: pruned
      ? { text: pruned.schemaText, pruning: pruningSummary(pruned) }
      : unprunedSchema(await sqliteConnection().engine.schema(), {
          descriptions: useDescriptionsStore.getState().descriptions,
          profile: useDescriptionsStore.getState().profile.value,
          includeValues: sharesValues(sharing),
        }),
  };
  return {
    options,
    inPage: inPage !== null,
    separateModel() {
      const own = createRecordingFetch(keyFetch);
      return { model: createLanguageModel(llm, own.fetch), recorder: own };
    },
  };
}

// The agent in the page: asking, stopping, the trace on screen (live, from history, or replayed), trace files.
import { create } from "zustand";
import type { AgentEvent } from "../core/agent/events";
import { emptyTraceView, replaySteps, traceView, type Trace, type TraceView } from "../core/agent/trace";
import { blobToHex } from "../core/db/result-export";
import { presetOf } from "../core/llm/provider-presets";
import { downloadBytes } from "../browser/download";
import { queryLabStorage, sqliteConnection } from "../browser/services";
import type { TraceSummary } from "../browser/storage";
import { LiveTrace, type FrameScheduler } from "./live-trace";
import { useDatabaseStore } from "./database-store";
import { llmForRequest, useSettingsStore } from "./settings-store";
import { usePruneStore } from "./prune-store";
import { pruningSummary } from "../core/schema/schema-context";
import { unprunedSchema } from "../core/schema/prune";
import { sharesValues } from "../core/data-sharing";
import { useDescriptionsStore } from "./descriptions-store";
import { errorMessage } from "../core/error-message";
import { workspaceWatchdog } from "./workspace-watchdog";

interface AgentState {
  question: string;
  trace: Trace | null;
  /** The trace folded into turns: kept beside it so a live run folds each event once. */
  view: TraceView;
  running: boolean;
  history: TraceSummary[];
  /** Index into replaySteps(trace.events) while replaying; null shows the whole trace. */
  replayStep: number | null;
  notice: string | null;
  setQuestion(question: string): void;
  ask(question?: string): Promise<void>;
  stop(): void;
  loadHistory(): Promise<void>;
  openTrace(id: string): Promise<void>;
  deleteTrace(id: string): Promise<void>;
  exportTrace(): void;
  importTrace(file: File): Promise<void>;
  startReplay(): void;
  stepReplay(delta: number): void;
  endReplay(): void;
}

const traces = () => queryLabStorage();
let controller: AbortController | null = null;
/** How a live run waits for the next frame; unit tests step frames themselves. */
let frameScheduler: FrameScheduler | undefined;

export function setAgentFrameScheduler(schedule: FrameScheduler | undefined): void {
  frameScheduler = schedule;
}

export const useAgentStore = create<AgentState>((set, get) => ({
  question: "",
  trace: null,
  view: emptyTraceView(),
  running: false,
  history: [],
  replayStep: null,
  notice: null,

  setQuestion(question) {
    set({ question });
  },

  async ask(questionArgument) {
    const question = (questionArgument ?? get().question).trim();
    if (get().running || question === "") return;
    const { sharing } = useSettingsStore.getState();
    const { settings: llm, fetch: keyFetch } = llmForRequest();
    if (sharing === null) {
      set({ notice: "Choose what may be sent to the model (above), then ask again. Nothing has been sent." });
      return;
    }
    if (!llm.baseUrl || !llm.model) {
      set({ notice: "Choose a provider and a model in Settings first." });
      useSettingsStore.getState().setOpen(true);
      return;
    }
    const databaseName = useDatabaseStore.getState().current?.name ?? "database";
    const trace: Trace = {
      version: 1,
      id: `trace-${Date.now().toString(36)}`,
      question,
      databaseName,
      model: llm.model,
      baseUrl: llm.baseUrl,
      createdAt: Date.now(),
      events: [],
    };
    controller = new AbortController();
    const live = new LiveTrace(trace, (snapshot) => set(snapshot), frameScheduler ? { schedule: frameScheduler } : {});
    set({ question, trace, view: emptyTraceView(), running: true, replayStep: null, notice: null });
    try {
      // The AI SDK is loaded on the first question, not with the page.
      const [{ runAgent }, { createLanguageModel }, { createRecordingFetch }] = await Promise.all([
        import("../core/agent/agent-loop"),
        import("../core/llm/providers"),
        import("../core/llm/recording-fetch"),
      ]);
      // The schema the agent sees is pruned for this question first (on screen in the schema panel).
      const pruned = await usePruneStore.getState().prune(question, sharing);
      const recorder = createRecordingFetch(keyFetch);
      for await (const event of runAgent({
        question,
        // Every query under the person's time limit and the Stop: one stuck inside a SQLite step ends the worker.
        database: workspaceWatchdog().readOnlyView({ limitMs: llm.queryTimeLimitMs, signal: controller.signal }),
        model: createLanguageModel(llm, recorder.fetch),
        settings: llm,
        reachHint: presetOf(llm).reachHint,
        recorder,
        signal: controller.signal,
        sharing,
        // When pruning could not run, the whole schema goes, in the same format.
        schema: pruned
          ? { text: pruned.schemaText, pruning: pruningSummary(pruned) }
          : unprunedSchema(await sqliteConnection().engine.schema(), {
              descriptions: useDescriptionsStore.getState().descriptions,
              profile: useDescriptionsStore.getState().profile.value,
              includeValues: sharesValues(sharing),
            }),
      })) {
        live.push(event);
      }
    } catch (error) {
      const failure: AgentEvent = { type: "error", kind: "unknown", message: `The agent failed: ${errorMessage(error)}` };
      live.push(failure);
    } finally {
      controller = null;
      live.flush();
      set({ running: false });
      const finished = get().trace;
      if (finished) {
        try {
          set({ history: await traces().saveTrace(finished) });
        } catch {
          set({ notice: "The trace could not be stored in this browser; export it to keep it." });
        }
      }
    }
  },

  stop() {
    controller?.abort(new Error("stopped"));
  },

  async loadHistory() {
    try {
      set({ history: await traces().listTraces() });
    } catch {
      set({ history: [] });
    }
  },

  async openTrace(id) {
    if (get().running) return;
    const trace = await traces().loadTrace(id);
    if (trace) set({ trace, view: traceView(trace.events), question: trace.question, replayStep: null, notice: null });
    else set({ notice: "That trace is no longer stored." });
  },

  async deleteTrace(id) {
    set({ history: await traces().removeTrace(id) });
    if (get().trace?.id === id) set({ trace: null, view: emptyTraceView(), replayStep: null });
  },

  exportTrace() {
    const trace = get().trace;
    if (!trace) return;
    // Traces never hold the API key: requests are recorded without headers.
    // BLOBs in observations have no JSON form; they are written as SQL hex literals.
    const replacer = (_key: string, value: unknown) => (value instanceof Uint8Array ? `x'${blobToHex(value)}'` : value);
    downloadBytes(JSON.stringify(trace, replacer, 2), `querylab-trace-${trace.id}.json`, "application/json");
  },

  async importTrace(file) {
    // The limits, the storable check and the duplicate question live in trace-import.ts.
    const { importTraceFile, askDuplicateInPage, newTraceId } = await import("./trace-import");
    const outcome = await importTraceFile(file, {
      listTraces: () => traces().listTraces(),
      saveTrace: (trace) => traces().saveTrace(trace),
      askDuplicate: askDuplicateInPage,
      newId: newTraceId,
    });
    if (outcome.kind === "cancelled") return;
    if (outcome.kind === "refused") {
      set({ notice: outcome.message });
      return;
    }
    // A live run publishes over whatever is on screen: the imported trace is kept in History and shown only when idle.
    if (get().running) {
      set({ ...(outcome.history ? { history: outcome.history } : {}), notice: outcome.notice });
      return;
    }
    const { trace } = outcome;
    set({
      trace,
      view: traceView(trace.events),
      question: trace.question,
      replayStep: null,
      notice: outcome.notice,
      ...(outcome.history ? { history: outcome.history } : {}),
    });
  },

  startReplay() {
    if (get().trace && !get().running) set({ replayStep: 0 });
  },

  stepReplay(delta) {
    const trace = get().trace;
    const step = get().replayStep;
    if (!trace || step === null) return;
    const steps = replaySteps(trace.events);
    set({ replayStep: Math.min(steps.length - 1, Math.max(0, step + delta)) });
  },

  endReplay() {
    set({ replayStep: null });
  },
}));

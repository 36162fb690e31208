// The agent in the page: asking (a follow-up in the thread on screen), stopping, the trace on screen (live, from
// history, or replayed), trace files; the thread's list, History and files are in thread-actions.ts.
import { create } from "zustand";
import type { AgentEvent } from "../core/agent/events";
import { emptyTraceView, replaySteps, traceView, type Trace, type TraceView } from "../core/agent/trace";
import { blobToHex } from "../core/db/blob-hex";
import { presetOf } from "../core/llm/provider-presets";
import { downloadBytes } from "../browser/download";
import { queryLabStorage, sqliteConnection } from "../browser/services";
import type { TraceSummary } from "../browser/storage";
import { LiveTrace, type FrameScheduler } from "./live-trace";
import { useDatabaseStore } from "./database-store";
import { llmForRequest, useSettingsStore } from "./settings-store";
import { useInPageModelStore } from "./in-page-model-store";
import { openDatabaseSchemaSearch, usePruneStore } from "./prune-store";
import { pruningSummary } from "../core/schema/schema-context";
import { unprunedSchema } from "../core/schema/prune";
import { sharesValues } from "../core/data-sharing";
import { useDescriptionsStore } from "./descriptions-store";
import { errorMessage } from "../core/error-message";
import { workspaceWatchdog } from "./workspace-watchdog";
import { newThread, questionFromTrace, withQuestion, type Thread, type ThreadSummary } from "../core/agent/thread";
import { pruningText, threadContext } from "../core/agent/thread-context";

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
  /** The thread on screen: a question asked on its database follows up on it. */
  thread: Thread | null;
  /** Threads kept in History. */
  threads: ThreadSummary[];
  setQuestion(question: string): void;
  ask(question?: string): Promise<void>;
  stop(): void;
  /** The open database is being replaced: a run stops, and its trace and thread leave the screen. */
  leaveDatabase(): void;
  /** Puts a thread on screen with its latest question's trace (or clears both). */
  showThread(thread: Thread | null): Promise<void>;
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
/** The run in progress; detached when its database is left, so its remaining events stay off the other database's screen. */
let liveRun: { detached: boolean } | null = null;
/** How a live run waits for the next frame; unit tests step frames themselves. */
let frameScheduler: FrameScheduler | undefined;

export function setAgentFrameScheduler(schedule: FrameScheduler | undefined): void {
  frameScheduler = schedule;
}

/**
 * Keeps a finished question in its thread: stored whatever happens on screen, and shown if that thread is still the
 * one on screen (a run detached by leaving its database, or a thread replaced meanwhile, updates only storage).
 */
async function recordInThread(started: Thread, question: ReturnType<typeof questionFromTrace>, detached: boolean): Promise<void> {
  const onScreen = useAgentStore.getState().thread;
  const base = onScreen?.id === started.id ? onScreen : started;
  const thread = withQuestion(base, question);
  if (!detached && useAgentStore.getState().thread?.id === thread.id) useAgentStore.setState({ thread });
  try {
    useAgentStore.setState({ threads: await traces().saveThread(thread) });
  } catch {
    useAgentStore.setState({ notice: "The thread could not be stored in this browser; export it to keep it." });
  }
}

export const useAgentStore = create<AgentState>((set, get) => ({
  question: "",
  trace: null,
  view: emptyTraceView(),
  running: false,
  history: [],
  replayStep: null,
  notice: null,
  thread: null,
  threads: [],

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
    const database = useDatabaseStore.getState().current ?? { id: "none", name: "database" };
    const databaseName = database.name;
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
    // A follow-up continues the thread on screen when it is this database's; otherwise the question starts one.
    const onScreen = get().thread;
    const continued = onScreen && onScreen.databaseId === database.id ? onScreen : null;
    const earlier = continued ? threadContext(continued.questions, { sharing }) : null;
    const contextTokens = earlier?.tokens ?? 0;
    const started = withQuestion(continued ?? newThread(database, `thread-${Date.now().toString(36)}`), questionFromTrace(trace, contextTokens));
    controller = new AbortController();
    const run = { detached: false };
    liveRun = run;
    const live = new LiveTrace(trace, (snapshot) => !run.detached && set(snapshot), frameScheduler ? { schedule: frameScheduler } : {});
    set({ question, trace, view: emptyTraceView(), running: true, replayStep: null, notice: null, thread: started });
    try {
      // The AI SDK is loaded on the first question, not with the page.
      const [{ runAgent }, { createLanguageModel }, { createRecordingFetch }, { runVoting }] = await Promise.all([
        import("../core/agent/agent-loop"),
        import("../core/llm/providers"),
        import("../core/llm/recording-fetch"),
        import("../core/eval/candidate-voting"),
      ]);
      // The schema the agent sees is pruned for this question first (on screen in the schema panel).
      // A follow-up such as "split that by country" names little of the schema: the earlier questions are pruned for too.
      const pruned = await usePruneStore.getState().prune(pruningText(question, continued), sharing);
      const recorder = createRecordingFetch(keyFetch);
      // "In this browser": the model runs in its worker (loaded, with consent, by in-page-model-store.ts) and reads
      // actions as plain text, since small models rarely call tools well.
      const inPage = presetOf(llm).kind === "in-page" ? await useInPageModelStore.getState().languageModel() : null;
      const options = {
        question,
        // Every query under the person's time limit and the Stop: one stuck inside a SQLite step ends the worker.
        database: workspaceWatchdog().readOnlyView({ limitMs: llm.queryTimeLimitMs, signal: controller.signal }),
        model: inPage ?? createLanguageModel(llm, recorder.fetch),
        settings: inPage ? { ...llm, protocol: "text" as const } : llm,
        reachHint: presetOf(llm).reachHint,
        recorder,
        signal: controller.signal,
        sharing,
        threadContext: earlier?.text,
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
      // Candidate voting (Settings): N runs at once, each with its own recorder so its raw exchanges stay its own.
      const events =
        // The in-page model writes one reply at a time in its one worker: candidates would only queue behind each other.
        llm.candidates > 1 && !inPage
          ? runVoting(options, {
              candidates: llm.candidates,
              temperature: llm.candidateTemperature,
              queryTimeoutMs: llm.queryTimeLimitMs,
              modelFor: () => {
                const own = createRecordingFetch(keyFetch);
                return { model: createLanguageModel(llm, own.fetch), recorder: own };
              },
            })
          : runAgent(options);
      for await (const event of events) {
        live.push(event);
      }
    } catch (error) {
      const failure: AgentEvent = { type: "error", kind: "unknown", message: `The agent failed: ${errorMessage(error)}` };
      live.push(failure);
    } finally {
      controller = null;
      if (liveRun === run) liveRun = null;
      live.flush();
      set({ running: false });
      // From the live trace, not the store: a detached run's trace is no longer on screen but is still kept.
      const finished = live.snapshot().trace;
      try {
        set({ history: await traces().saveTrace(finished) });
      } catch {
        set({ notice: "The trace could not be stored in this browser; export it to keep it." });
      }
      await recordInThread(started, questionFromTrace(finished, contextTokens), run.detached);
    }
  },

  stop() {
    controller?.abort(new Error("stopped"));
  },

  leaveDatabase() {
    // Its queries would run against the database opened next: the run stops, and what is left of it stays off screen.
    if (liveRun) liveRun.detached = true;
    controller?.abort(new Error("stopped"));
    set({ trace: null, view: emptyTraceView(), thread: null, question: "", replayStep: null, notice: null });
  },

  async showThread(thread) {
    set({ thread, replayStep: null, notice: null });
    const last = thread?.questions.at(-1);
    const trace = last ? await traces().loadTrace(last.traceId) : null;
    // Another thread may have been put on screen while the trace was read.
    if (get().thread !== thread) return;
    set({ trace, view: trace ? traceView(trace.events) : emptyTraceView(), question: trace?.question ?? "" });
  },

  async loadHistory() {
    try {
      const [history, threads] = await Promise.all([traces().listTraces(), traces().listThreads()]);
      set({ history, threads });
    } catch {
      set({ history: [], threads: [] });
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

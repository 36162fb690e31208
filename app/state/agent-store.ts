// The agent in the page: asking (a follow-up in the thread on screen), stopping, the trace on screen (live, from
// history, or replayed), trace files; the thread's list, History and files are in thread-actions.ts.
import { create } from "zustand";
import type { AgentEvent } from "../core/agent/events";
import { emptyTraceView, replaySteps, traceView, type Trace, type TraceView } from "../core/agent/trace";
import { blobToHex } from "../core/db/blob-hex";
import { downloadBytes } from "../browser/download";
import { queryLabStorage } from "../browser/services";
import type { TraceSummary } from "../browser/storage";
import { LiveTrace, type FrameScheduler } from "./live-trace";
import { useDatabaseStore } from "./database-store";
import { llmForRequest, useSettingsStore } from "./settings-store";
import { errorMessage } from "../core/error-message";
import { newThread, questionFromTrace, withQuestion, type Thread, type ThreadSummary } from "../core/agent/thread";
import { pruningText, threadContext } from "../core/agent/thread-context";
import { forkEditProblem, type ForkEdit, type TraceBranch } from "../core/agent/branches";
import type { DataSharing } from "../core/data-sharing";
import type { LlmSettings } from "../core/llm/provider-presets";
import type { AgentRunRequest } from "./agent-run-setup";

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
  /** The branch of the trace on screen (a fork of it, branches.ts); null shows the trace's own run. */
  branchId: string | null;
  /** The trace's runs side by side (their answers, and where each parts from the original) instead of one of them. */
  comparing: boolean;
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
  showBranch(id: string | null): void;
  setComparing(comparing: boolean): void;
  /** Forks the run on screen at an edited step (its SQL, or the question) and lets the model go on; kept with the trace. */
  fork(edit: ForkEdit): Promise<void>;
}

/** The fork on screen, or null for the trace's own run (or a branch id the trace does not have). */
export function shownBranch(state: Pick<AgentState, "trace" | "branchId">): TraceBranch | null {
  if (state.branchId === null) return null;
  return state.trace?.branches?.find((branch) => branch.id === state.branchId) ?? null;
}

const NO_EVENTS: AgentEvent[] = [];

/** The events of the run on screen: the branch shown, else the trace's own (the same array each time: a selector). */
export function shownEvents(state: Pick<AgentState, "trace" | "branchId">): AgentEvent[] {
  return shownBranch(state)?.events ?? state.trace?.events ?? NO_EVENTS;
}

/** Shown with any other trace: its own run, not a branch of the one before. */
const OWN_RUN = { branchId: null, comparing: false } as const;

const traces = () => queryLabStorage();
/**
 * What a run is given (agent-run-setup.ts), loaded with the first question like the agent's loop: it brings the in-page
 * model's store and connection, which the first screen does not use (issue #14).
 */
const runSetup = async (request: AgentRunRequest) => (await import("./agent-run-setup")).agentRunSetup(request);
let controller: AbortController | null = null;
/** The run in progress; detached when its database is left, so its remaining events stay off the other database's screen. */
let liveRun: { detached: boolean } | null = null;
/** How a live run waits for the next frame; unit tests step frames themselves. */
let frameScheduler: FrameScheduler | undefined;
/**
 * Counts trace imports begun: an import that ends after a later one began only adds to History. Without it a slow
 * import (its History read and write) that ended after a quick refusal of the next file wiped that refusal's message
 * and replaced what the later import showed.
 */
let importsBegun = 0;

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
  branchId: null,
  comparing: false,

  setQuestion(question) {
    set({ question });
  },

  async ask(questionArgument) {
    const question = (questionArgument ?? get().question).trim();
    if (get().running || question === "") return;
    const ready = readyToRun();
    if (!ready) return;
    const { sharing, llm, keyFetch } = ready;
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
    set({ question, trace, view: emptyTraceView(), running: true, replayStep: null, notice: null, thread: started, ...OWN_RUN });
    try {
      const [{ runAgent }, { runVoting }, setup] = await Promise.all([
        import("../core/agent/agent-loop"),
        import("../core/eval/candidate-voting"),
        // A follow-up such as "split that by country" names little of the schema: the earlier questions are pruned for too.
        runSetup({
          question,
          pruneFor: pruningText(question, continued),
          sharing,
          threadContext: earlier?.text,
          llm,
          keyFetch,
          signal: controller.signal,
        }),
      ]);
      const { options } = setup;
      // Candidate voting (Settings): N runs at once, each with its own recorder so its raw exchanges stay its own.
      const events =
        // The in-page model writes one reply at a time in its one worker: candidates would only queue behind each other.
        llm.candidates > 1 && !setup.inPage
          ? runVoting(options, {
              candidates: llm.candidates,
              temperature: llm.candidateTemperature,
              queryTimeoutMs: llm.queryTimeLimitMs,
              modelFor: setup.separateModel,
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
    set({ trace: null, view: emptyTraceView(), thread: null, question: "", replayStep: null, notice: null, ...OWN_RUN });
  },

  async showThread(thread) {
    set({ thread, replayStep: null, notice: null });
    const last = thread?.questions.at(-1);
    const trace = last ? await traces().loadTrace(last.traceId) : null;
    // Another thread may have been put on screen while the trace was read.
    if (get().thread !== thread) return;
    set({ trace, view: trace ? traceView(trace.events) : emptyTraceView(), question: trace?.question ?? "", ...OWN_RUN });
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
    if (trace) set({ trace, view: traceView(trace.events), question: trace.question, replayStep: null, notice: null, ...OWN_RUN });
    else set({ notice: "That trace is no longer stored." });
  },

  async deleteTrace(id) {
    set({ history: await traces().removeTrace(id) });
    if (get().trace?.id === id) set({ trace: null, view: emptyTraceView(), replayStep: null, ...OWN_RUN });
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
    const ticket = ++importsBegun;
    const { importTraceFile, askDuplicateInPage, newTraceId } = await import("./trace-import");
    const outcome = await importTraceFile(file, {
      listTraces: () => traces().listTraces(),
      saveTrace: (trace) => traces().saveTrace(trace),
      askDuplicate: askDuplicateInPage,
      newId: newTraceId,
    });
    if (outcome.kind === "cancelled") return;
    if (ticket !== importsBegun) {
      if (outcome.kind === "imported" && outcome.history) set({ history: outcome.history });
      return;
    }
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
      ...OWN_RUN,
    });
  },

  startReplay() {
    if (get().trace && !get().running) set({ replayStep: 0 });
  },

  stepReplay(delta) {
    const step = get().replayStep;
    if (!get().trace || step === null) return;
    const steps = replaySteps(shownEvents(get()));
    set({ replayStep: Math.min(steps.length - 1, Math.max(0, step + delta)) });
  },

  endReplay() {
    set({ replayStep: null });
  },

  showBranch(id) {
    const trace = get().trace;
    if (!trace || get().running) return;
    const branchId = trace.branches?.some((branch) => branch.id === id) ? id : null;
    set({ branchId, comparing: false, replayStep: null, view: traceView(shownEvents({ trace, branchId })) });
  },

  setComparing(comparing) {
    if (get().trace && !get().running) set({ comparing, replayStep: null });
  },

  async fork(edit) {
    const trace = get().trace;
    if (!trace || get().running) return;
    const parent = shownBranch(get());
    const from = parent?.events ?? trace.events;
    const problem = forkEditProblem(from, edit);
    if (problem) {
      set({ notice: problem });
      return;
    }
    const ready = readyToRun();
    if (!ready) return;
    const { sharing, llm, keyFetch } = ready;
    const question = edit.kind === "question" ? edit.question.trim() : (parent?.question ?? trace.question);
    const branch: TraceBranch = {
      id: `branch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`,
      parentId: parent?.id ?? null,
      edit: edit.kind === "question" ? { kind: "question", question } : edit,
      question,
      model: llm.model,
      baseUrl: llm.baseUrl,
      createdAt: Date.now(),
      events: [],
    };
    const withBranch = (events: AgentEvent[]): Trace => ({ ...trace, branches: [...(trace.branches ?? []), { ...branch, events }] });
    // A fork of a follow-up is told what the thread's questions before it concluded, as the question itself was.
    const thread = get().thread;
    const position = thread?.questions.findIndex((entry) => entry.traceId === trace.id) ?? -1;
    const before = thread && position > 0 ? { questions: thread.questions.slice(0, position) } : null;
    const earlier = before ? threadContext(before.questions, { sharing }) : null;
    controller = new AbortController();
    const run = { detached: false };
    liveRun = run;
    const live = new LiveTrace(
      { ...trace, id: branch.id, question, events: [] },
      (snapshot) => !run.detached && set({ trace: withBranch(snapshot.trace.events), view: snapshot.view }),
      frameScheduler ? { schedule: frameScheduler } : {},
    );
    set({ trace: withBranch([]), branchId: branch.id, comparing: false, view: emptyTraceView(), running: true, replayStep: null, notice: null });
    try {
      const [{ runFork }, setup] = await Promise.all([
        import("../core/agent/fork"),
        runSetup({ question, pruneFor: pruningText(question, before), sharing, threadContext: earlier?.text, llm, keyFetch, signal: controller.signal }),
      ]);
      // One run, not a vote: a fork follows one line of the conversation.
      for await (const event of runFork(setup.options, from, edit)) live.push(event);
    } catch (error) {
      live.push({ type: "error", kind: "unknown", message: `The fork failed: ${errorMessage(error)}` });
    } finally {
      controller = null;
      if (liveRun === run) liveRun = null;
      live.flush();
      set({ running: false });
      // Kept with the trace, so its thread in History brings it back; a detached fork is still kept.
      try {
        set({ history: await traces().saveTrace(withBranch(live.snapshot().trace.events)) });
      } catch {
        set({ notice: "The fork could not be stored in this browser; export the trace to keep it." });
      }
    }
  },
}));

/** The data-sharing choice and a model are needed before anything is sent; else the notice says what to do. */
function readyToRun(): { sharing: DataSharing; llm: LlmSettings; keyFetch: typeof fetch } | null {
  const { sharing } = useSettingsStore.getState();
  const { settings: llm, fetch: keyFetch } = llmForRequest();
  if (sharing === null) {
    useAgentStore.setState({ notice: "Choose what may be sent to the model (above), then ask again. Nothing has been sent." });
    return null;
  }
  if (!llm.baseUrl || !llm.model) {
    useAgentStore.setState({ notice: "Choose a provider and a model in Settings first." });
    useSettingsStore.getState().setOpen(true);
    return null;
  }
  return { sharing, llm, keyFetch };
}

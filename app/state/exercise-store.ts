// The exercise set open in the workspace (docs/exercises.md): opening it and its database, the question shown, Check
// (the EX judge against the reference, then the diagnosis of a wrong answer), Hint (one request to the configured
// model), the reference on request, and the student's progress, kept per set in localStorage and exportable.
import { create } from "zustand";
import { fetchDatabase, fileNameFromUrl } from "../browser/fetch-database";
import { downloadBytes } from "../browser/download";
import type { SampleEntry } from "../browser/samples";
import { errorMessage } from "../core/error-message";
import type { AnswerCheck } from "../core/exercises/check-answer";
import { databaseUrl, MAX_EXERCISE_SET_CHARACTERS, parseExerciseSet, type ExerciseSet, type ExerciseSetOutcome } from "../core/exercises/exercise-set";
import { parseStoredProgress, progressExport, withAttempt, type SetProgress } from "../core/exercises/exercise-progress";
import { presetOf } from "../core/llm/provider-presets";
import { useDatabaseStore } from "./database-store";
import { useDiagnosisStore } from "./diagnosis-store";
import { useEditorStore } from "./editor-store";
import { llmForRequest, useSettingsStore } from "./settings-store";
import { workspaceWatchdog } from "./workspace-watchdog";

const PROGRESS_KEY_PREFIX = "querylab.exercise-progress:";

export interface CheckState {
  status: "checking" | "done" | "failed";
  questionId: string;
  /** The query checked (the editor's text when Check was pressed). */
  sql: string;
  result: AnswerCheck | null;
  /** The verdict in words, or why the check could not run. */
  message: string;
}

export interface HintState {
  status: "asking" | "done" | "failed";
  questionId: string;
  text: string;
}

interface ExerciseState {
  status: "closed" | "loading" | "open" | "failed";
  /** Why the last set could not be opened, with every problem the file has. */
  failure: { message: string; problems: string[] } | null;
  set: ExerciseSet | null;
  /** Where the set came from: its absolute URL, or `file:NAME` for a file from disk. Progress is kept under it. */
  source: string | null;
  currentId: string | null;
  progress: SetProgress;
  /** The last Check of the question shown. */
  answerCheck: CheckState | null;
  hint: HintState | null;
  /** The question whose reference answer the student asked to see. */
  referenceShownFor: string | null;

  /** Opens the set at `url` (absolute, or relative to the page) and then its database. */
  openUrl(url: string): Promise<boolean>;
  /** Opens a set from a file on disk; its database must be a sample or a URL (a relative path has nothing to resolve against). */
  openFile(file: File): Promise<boolean>;
  close(): void;
  select(questionId: string): void;
  /** Checks the editor's text against the current question's reference. */
  check(): Promise<void>;
  askHint(): Promise<void>;
  showReference(): void;
  exportProgress(): void;
}

function readProgress(source: string): SetProgress {
  try {
    return parseStoredProgress(localStorage.getItem(PROGRESS_KEY_PREFIX + source));
  } catch {
    // Storage may be refused (private mode, a sandboxed frame): progress then lives as long as the page.
    return {};
  }
}

function writeProgress(source: string, progress: SetProgress): void {
  try {
    localStorage.setItem(PROGRESS_KEY_PREFIX + source, JSON.stringify(progress));
  } catch {
    // As above: kept in memory only.
  }
}

/** Whether the open database already is the set's (a reload, or a second set on the same sample): no fresh copy then. */
function isAlreadyOpen(set: ExerciseSet, url: string | null, samples: SampleEntry[]): boolean {
  const { current } = useDatabaseStore.getState();
  if (!current) return false;
  if (set.database.kind === "sample") {
    const name = set.database.name;
    return current.source === "sample" && current.name === samples.find((sample) => sample.id === name)?.title;
  }
  return url !== null && current.source === "url" && current.name === fileNameFromUrl(url);
}

/** Opens the set's database; the reason it could not be opened, or null. */
async function openSetDatabase(set: ExerciseSet, source: string): Promise<string | null> {
  const databaseStore = useDatabaseStore.getState();
  // Awaited, not read from the state: a reload with a set open reopens it as soon as the kept database is ready, which
  // can come before the sample list (the set then failed: "which this page does not have (it has: )").
  const samples = await databaseStore.loadedSamples();
  if (set.database.kind === "sample") {
    const name = set.database.name;
    const sample = samples.find((entry) => entry.id === name);
    if (!sample) return `The set's database is the sample "${name}", which this page does not have (it has: ${samples.map((entry) => entry.id).join(", ")}).`;
    if (isAlreadyOpen(set, null, samples)) return null;
    return (await databaseStore.openSample(sample)) ? null : (useDatabaseStore.getState().notice?.message ?? `${sample.title} could not be opened.`);
  }
  if (set.database.kind === "path" && source.startsWith("file:")) {
    return `The set names its database by a path relative to the file (${set.database.path}); a file opened from disk has no address to resolve it against. Open the set by its URL instead.`;
  }
  const url = databaseUrl(set.database, source.startsWith("file:") ? location.href : source);
  if (isAlreadyOpen(set, url, samples)) return null;
  return (await databaseStore.openUrl(url)) ? null : (useDatabaseStore.getState().notice?.message ?? `${url} could not be opened.`);
}

export const useExerciseStore = create<ExerciseState>((set, get) => {
  /** A later open wins over an earlier one still downloading. */
  let latestOpen = 0;
  let hintAbort: AbortController | null = null;

  async function openParsed(outcome: ExerciseSetOutcome, source: string, opening: number): Promise<boolean> {
    if (opening !== latestOpen) return false;
    if (!outcome.ok) {
      set({ status: "failed", failure: { message: outcome.error.message, problems: outcome.error.problems } });
      return false;
    }
    const problem = await openSetDatabase(outcome.set, source);
    if (opening !== latestOpen) return false;
    if (problem) {
      set({ status: "failed", failure: { message: problem, problems: [] } });
      return false;
    }
    const progress = readProgress(source);
    set({ status: "open", failure: null, set: outcome.set, source, progress, answerCheck: null, hint: null, referenceShownFor: null, currentId: null });
    get().select(outcome.set.questions[0]!.id);
    return true;
  }

  return {
    status: "closed",
    failure: null,
    set: null,
    source: null,
    currentId: null,
    progress: {},
    answerCheck: null,
    hint: null,
    referenceShownFor: null,

    async openUrl(url) {
      const opening = ++latestOpen;
      set({ status: "loading", failure: null });
      let source: string;
      let text: string;
      try {
        source = new URL(url, location.href).href;
        // The one downloader: its readable failures (CORS, the page's policy, HTTP errors) and a size cap; UTF-8 is at most 4 bytes a character.
        const file = await fetchDatabase(source, { maxBytes: MAX_EXERCISE_SET_CHARACTERS * 4 });
        text = await file.content.text();
      } catch (error) {
        if (opening === latestOpen)
          set({ status: "failed", failure: { message: `The exercise set could not be opened: ${errorMessage(error)}`, problems: [] } });
        return false;
      }
      return openParsed(parseExerciseSet(text), source, opening);
    },

    async openFile(file) {
      const opening = ++latestOpen;
      // Refused before it is read: a stray large file must not be loaded into the tab to find out.
      if (file.size > MAX_EXERCISE_SET_CHARACTERS * 4) {
        const message = `${file.name} is too large for an exercise set (${file.size.toLocaleString("en-US")} bytes).`;
        set({ status: "failed", failure: { message, problems: [] } });
        return false;
      }
      set({ status: "loading", failure: null });
      return openParsed(parseExerciseSet(await file.text()), `file:${file.name}`, opening);
    },

    close() {
      latestOpen++;
      hintAbort?.abort();
      set({ status: "closed", failure: null, set: null, source: null, currentId: null, progress: {}, answerCheck: null, hint: null, referenceShownFor: null });
    },

    select(questionId) {
      if (!get().set?.questions.some((question) => question.id === questionId)) return;
      hintAbort?.abort();
      set({ currentId: questionId, answerCheck: null, hint: null, referenceShownFor: null });
      useDiagnosisStore.getState().close();
      // Back on a question tried before, the student picks up their last attempt.
      const lastSql = get().progress[questionId]?.lastSql;
      if (lastSql) useEditorStore.getState().setText(lastSql);
    },

    async check() {
      const { set: exercises, currentId, source } = get();
      const question = exercises?.questions.find((entry) => entry.id === currentId);
      if (!question || !source || get().answerCheck?.status === "checking") return;
      const sql = useEditorStore.getState().text.trim();
      if (sql === "") {
        set({ answerCheck: { status: "failed", questionId: question.id, sql, result: null, message: "Write a query in the editor first, then press Check." } });
        return;
      }
      set({ answerCheck: { status: "checking", questionId: question.id, sql, result: null, message: "Running your query and the reference…" } });
      try {
        // The judge loads with the first Check, not with the page.
        const [{ checkAnswer, verdictText }, { queryRunnerFor }] = await Promise.all([
          import("../core/exercises/check-answer"),
          import("../core/eval/query-runner"),
        ]);
        const limitMs = useSettingsStore.getState().llm.queryTimeLimitMs;
        // Through the workspace's watchdog: a runaway answer ends the worker, not the page, and the database is reopened.
        const runner = queryRunnerFor(workspaceWatchdog().readOnlyView({ limitMs }));
        const result = await checkAnswer(runner, question.reference, sql, { timeoutMs: limitMs });
        if (get().currentId !== question.id || get().source !== source) return;
        const correct = result.judgement.match;
        // A broken reference is the teacher's mistake, not an attempt.
        if (result.reference.ok) {
          const progress = withAttempt(get().progress, question.id, sql, correct);
          writeProgress(source, progress);
          set({ progress });
        }
        set({ answerCheck: { status: "done", questionId: question.id, sql, result, message: verdictText(result) } });
        // The clause at fault is what a student needs next; a right answer needs no diagnosis.
        if (correct || !result.reference.ok) useDiagnosisStore.getState().close();
        else void useDiagnosisStore.getState().diagnose(sql);
      } catch (error) {
        set({ answerCheck: { status: "failed", questionId: question.id, sql, result: null, message: `The check could not run: ${errorMessage(error)}` } });
      }
    },

    async askHint() {
      const { set: exercises, currentId } = get();
      const question = exercises?.questions.find((entry) => entry.id === currentId);
      if (!question || !exercises?.hints || get().hint?.status === "asking") return;
      const fail = (text: string) => set({ hint: { status: "failed", questionId: question.id, text } });
      const sql = useEditorStore.getState().text.trim();
      if (sql === "") return fail("Write a query in the editor first: the hint is about your query. Nothing has been sent.");
      const schema = useDatabaseStore.getState().schema;
      if (!schema) return fail("The database is not open yet. Nothing has been sent.");
      if (useSettingsStore.getState().sharing === null) return fail("Choose what may be sent to the model in the agent panel first. Nothing has been sent.");
      const { settings: llm, fetch: keyFetch } = llmForRequest();
      if (!llm.baseUrl || !llm.model) return fail("Choose a provider and a model in Settings first. Nothing has been sent.");

      // The verdict and the diagnosis go along only when they are about the query in the editor now.
      const check = get().answerCheck;
      const checked = check?.status === "done" && check.questionId === question.id && check.sql === sql ? check.message : null;
      const diagnosis = useDiagnosisStore.getState();
      const stages = diagnosis.status === "done" && diagnosis.sql === sql ? diagnosis.diagnosis : null;

      hintAbort?.abort();
      const abort = new AbortController();
      hintAbort = abort;
      set({ hint: { status: "asking", questionId: question.id, text: "" } });
      try {
        const [{ buildHintRequest }, { oneReply }, { createLanguageModel }] = await Promise.all([
          import("../core/exercises/hint-request"),
          import("../core/llm/one-reply"),
          import("../core/llm/providers"),
        ]);
        // No reference SQL and no notes: what is not sent cannot be copied into the reply (docs/exercises.md, Hints).
        const request = buildHintRequest({ question: question.question, schema, studentSql: sql, verdict: checked, diagnosis: stages });
        const reply = await oneReply(request, {
          model: createLanguageModel(llm, keyFetch),
          settings: llm,
          abortSignal: abort.signal,
          reachHint: presetOf(llm).reachHint,
        });
        if (abort.signal.aborted || get().currentId !== question.id) return;
        if (!reply.ok) return fail(reply.error.message);
        set({ hint: { status: "done", questionId: question.id, text: reply.text.trim() || "The model sent an empty reply; ask again." } });
      } catch (error) {
        if (!abort.signal.aborted) fail(`The hint could not be asked: ${errorMessage(error)}`);
      } finally {
        if (hintAbort === abort) hintAbort = null;
      }
    },

    showReference() {
      set({ referenceShownFor: get().currentId });
    },

    exportProgress() {
      const { set: exercises, source, progress } = get();
      if (!exercises || !source) return;
      const text = JSON.stringify(progressExport(progress, { source, title: exercises.title }, new Date()), null, 2);
      const name =
        exercises.title
          .replace(/[^A-Za-z0-9]+/g, "-")
          .replace(/^-|-$/g, "")
          .toLowerCase() || "exercises";
      downloadBytes(text, `${name}-progress.json`, "application/json");
    },
  };
});

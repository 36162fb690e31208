// `?embed=1` (or a course built to start embedded): a compact page for an iframe on a course site. The question box,
// the trace and the answer's rows; with an exercise set open (`?exercises=URL`), the exercise and an editor for the
// answer above them. No schema, menus or benchmark. Settings stays one button away, since a page
// framed by another site gets its own browser storage there and so its own model settings. "Open in QueryLab" opens the
// full app on the same database and question.
import { useEffect } from "react";
import { courseSettings } from "../../browser/course";
import { fileNameFromUrl } from "../../browser/fetch-database";
import { addressableDatabase, fullAppAddress, startAddress } from "../../browser/page-address";
import { presetOf } from "../../core/llm/provider-presets";
import { useAgentStore } from "../../state/agent-store";
import { useDatabaseStore } from "../../state/database-store";
import { useSettingsStore } from "../../state/settings-store";
import { DataSharingChoice } from "../agent/data-sharing-choice";
import { InPageModelStatus } from "../agent/in-page-model-status";
import { QuestionBox } from "../agent/question-box";
import { NoticeBar } from "../common/notice-bar";
import { DiagnosisPanel } from "../editor/diagnosis-panel";
import { EditorPanel } from "../editor/editor-panel";
import { ExercisePanel } from "../exercises/exercise-panel";
import { useExercisesFromAddress } from "../exercises/exercises-address";
import { useExerciseStore } from "../../state/exercise-store";
import { LazySettingsDialog } from "../settings/lazy-settings-dialog";
import { EmbedTrace } from "./embed-trace";
import "./embed.css";

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url || "no endpoint";
  }
}

/** The full app's address for what is on screen now: the database (when an address can name it) and the question. */
function useFullAppAddress(): string {
  const current = useDatabaseStore((state) => state.current);
  const samples = useDatabaseStore((state) => state.samples);
  const question = useAgentStore((state) => state.question);
  const course = courseSettings();
  const started = startAddress().database ?? course?.database ?? null;
  const database = addressableDatabase(current, samples, started, (url) => fileNameFromUrl(url));
  return fullAppAddress(new URL(location.href), database, question, course?.start === "embed");
}

export function EmbedApp() {
  const databaseName = useDatabaseStore((state) => state.current?.name);
  const loading = useDatabaseStore((state) => state.loading);
  const llm = useSettingsStore((state) => state.llm);
  const title = courseSettings()?.title ?? "QueryLab";
  const fullApp = useFullAppAddress();
  const inPage = presetOf(llm).kind === "in-page";
  // An exercise is answered in SQL: the editor appears with the set, and its Check shows both results.
  useExercisesFromAddress();
  const exerciseOpen = useExerciseStore((state) => state.status !== "closed");

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && useAgentStore.getState().running) useAgentStore.getState().stop();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="embed">
      <header className="embed-bar">
        <h1>{title}</h1>
        <span className="embed-database" aria-label="Open database">
          {loading?.label ?? databaseName ?? "Opening…"}
        </span>
        <span className="embed-model muted">
          {llm.model || "No model"} at {inPage ? "this page" : hostOf(llm.baseUrl)}
        </span>
        <button type="button" onClick={() => useSettingsStore.getState().setOpen(true)}>
          Settings
        </button>
        {/* A new tab: the framing site stays where it is, and the full app gets a window of its own. */}
        <a className="embed-open" href={fullApp} target="_blank" rel="noopener noreferrer">
          Open in QueryLab
        </a>
      </header>
      <NoticeBar />
      <main className="embed-main">
        <ExercisePanel />
        {exerciseOpen && <EditorPanel />}
        <QuestionBox />
        <DataSharingChoice host={inPage ? "the model in this page" : hostOf(llm.baseUrl)} />
        {inPage && <InPageModelStatus />}
        <EmbedTrace />
        <DiagnosisPanel />
      </main>
      <LazySettingsDialog />
    </div>
  );
}

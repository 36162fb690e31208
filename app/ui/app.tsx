// The page: top bar, schema on the left, editor and results in the centre, status line at the bottom.
import { lazy, Suspense, useEffect, useState } from "react";
import { useDatabaseStore } from "../state/database-store";
import { useEditorStore } from "../state/editor-store";
import { AgentPanel } from "./agent/agent-panel";
import { QuestionBox } from "./agent/question-box";
import { NoticeBar } from "./common/notice-bar";
import { stopRunningWork } from "./common/stop-running-work";
import { StatusLine } from "./common/status-line";
import { DatabaseMenu } from "./database/database-menu";
import { DropZone } from "./database/drop-zone";
import { EditorPanel } from "./editor/editor-panel";
import { DiagnosisOnDemand } from "./editor/diagnosis-on-demand";
import { ExerciseMenu } from "./exercises/exercise-menu";
import { LazyExercisePanel } from "./exercises/exercise-loader";
import { useExercisesFromAddress } from "./exercises/exercises-address";
import { ResultsPanel } from "./results/results-panel";
import { SchemaPanel } from "./schema/schema-panel";
import { LazySettingsDialog } from "./settings/lazy-settings-dialog";
import { guardUnsavedChanges } from "../browser/leave-guard";
import { markStart } from "../browser/start-marks";
import { AgentSplitter, EditorSplitter, PanelToggles, SchemaSplitter, useWorkspaceLayout } from "./layout/workspace-layout";

/** Leaving while a save is under way or was refused would lose changes: the browser asks first, then only. */
function useLeaveGuard() {
  useEffect(() => markStart("first-render"), []);
  useEffect(() => {
    const unsaved = () => {
      const saveState = useDatabaseStore.getState().current?.saveState;
      return saveState === "saving" || saveState === "failed";
    };
    return guardUnsavedChanges(window, unsaved, useDatabaseStore.subscribe);
  }, []);
}

/** The first screen shows a query that runs: the sample's own example, unless the editor already holds text. */
function useStartingQuery() {
  const status = useDatabaseStore((state) => state.status);
  useEffect(() => {
    if (status !== "ready") return;
    const editor = useEditorStore.getState();
    const { current, samples } = useDatabaseStore.getState();
    // Text kept from before, or typed in the plain editor while the page started, is the person's: it stays.
    if (editor.text.trim() !== "") return;
    const sample = samples.find((entry) => entry.title === current?.name) ?? samples[0];
    if (sample) editor.setText(sample.exampleQuery);
  }, [status]);
}

const BenchmarkView = lazy(() => import("./bench/benchmark-view").then((module) => ({ default: module.BenchmarkView })));

/**
 * What the start does once the database is ready, in a component of its own that renders nothing: a hook on App
 * subscribed to the status re-rendered the whole page (~70 components) in the render that showed it ready.
 */
function OnceReady() {
  useStartingQuery();
  useExercisesFromAddress();
  return null;
}

export function App() {
  useLeaveGuard();
  const [view, setView] = useState<"workspace" | "benchmark">("workspace");
  const layout = useWorkspaceLayout();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") stopRunningWork();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="app">
      <header className="top-bar">
        <h1>QueryLab</h1>
        <nav className="view-switch" aria-label="Views">
          <button type="button" aria-pressed={view === "workspace"} onClick={() => setView("workspace")}>
            Workspace
          </button>
          <button type="button" aria-pressed={view === "benchmark"} onClick={() => setView("benchmark")}>
            Benchmark
          </button>
        </nav>
        {view === "workspace" && <PanelToggles />}
        <ExerciseMenu />
        <DatabaseMenu />
      </header>
      <NoticeBar />
      {/* The workspace stays mounted while the benchmark is shown, so the editor and trace keep their state. */}
      {/* Sizes and collapsed panels come from the layout store; splitters sit between the panels (wide screens only). */}
      <main className="workspace" hidden={view !== "workspace"} {...layout}>
        <SchemaPanel />
        <SchemaSplitter />
        <div className="centre">
          <LazyExercisePanel />
          <QuestionBox />
          <EditorPanel />
          <EditorSplitter />
          <DiagnosisOnDemand />
          <ResultsPanel />
        </div>
        <AgentSplitter />
        <AgentPanel />
      </main>
      {view === "benchmark" && (
        <main className="benchmark-main">
          <Suspense fallback={<p className="muted">Loading the benchmark view…</p>}>
            <BenchmarkView />
          </Suspense>
        </main>
      )}
      <StatusLine />
      <OnceReady />
      <DropZone />
      <LazySettingsDialog />
    </div>
  );
}

// Entry point: mounts the app and starts the database (a sample on first visit, the last one after that).
// First: starts the WASM compile, the sample list, the first visit's sample and the SQLite worker before the rest loads.
import "./browser/early-start";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./ui/app";
import { useDatabaseStore } from "./state/database-store";
import { useAgentStore } from "./state/agent-store";
import { useEditorStore } from "./state/editor-store";
import { watchSqliteWorker } from "./state/worker-recovery";
import { followDatabaseWorkspaces } from "./state/thread-workspace";
import { applyAddressAfterStart } from "./state/address-after-start";
import { useSettingsStore } from "./state/settings-store";
import { restrictConnections } from "./browser/content-security";
import { installTestHook } from "./ui/test-hook";
import { LazyEmbedApp } from "./ui/embed/lazy-embed-app";
import { addressWithCourseExercises, startAddress, startsEmbedded } from "./browser/page-address";
import { courseSettings } from "./browser/course";
import { sessionInAddress } from "./browser/session-address";
import { withSessionStore } from "./state/session-store-on-demand";
import { markStart } from "./browser/start-marks";
import { showFirstScreen } from "./browser/first-screen";
import { onStartAnswer, startOpen } from "./browser/started-from-html";
import "./ui/styles.css";

// Read before the database opens (opening a ?db= database takes it out of the address).
const start = startAddress(location.href);
const course = courseSettings();
// A course that starts on its exercises hands the set to the exercise panel as ?exercises=URL (docs/exercises.md).
const exercisesAddress = addressWithCourseExercises(new URL(location.href), course);
if (exercisesAddress) history.replaceState(null, "", exercisesAddress);

if (import.meta.env.DEV || import.meta.env.MODE === "test") installTestHook();
// Before anything is fetched: the page may connect only to itself, the provider endpoints and the configured ones.
// The embedding model's hub or folder too (its worker also checks each request, since a page policy does not bind it).
if (!import.meta.env.DEV) {
  const { llm, embedding } = useSettingsStore.getState();
  const models = {
    hub: embedding.enabled && embedding.location === "hub",
    folderUrl: embedding.enabled && embedding.location === "folder" ? embedding.folderUrl : null,
  };
  const startingDatabase = start.database ?? course?.database ?? null;
  const sessionFile = sessionInAddress(new URL(location.href));
  const sessionUrl = sessionFile?.kind === "file" ? sessionFile.url : null;
  const exercisesUrl = new URL(location.href).searchParams.get("exercises");
  restrictConnections(llm.baseUrl, startingDatabase?.kind === "url" ? startingDatabase.url : null, models, [sessionUrl, exercisesUrl]);
}

markStart("modules-evaluated");
void useEditorStore.getState().loadHistory();
void useAgentStore.getState().loadHistory();
watchSqliteWorker();
// Before the first database opens, so its editor text, thread and last result come back with it.
followDatabaseWorkspaces();
// A question in the address (the embed's "Open in QueryLab" link) waits in the question box once the database is open.
void useDatabaseStore
  .getState()
  .start()
  .then(() =>
    applyAddressAfterStart(start.question ?? null, () => {
      // A shared session (#session=… or ?session=URL) opens over the database the page started with.
      const session = sessionInAddress(new URL(location.href));
      if (session) void withSessionStore((store) => store.openFromAddress(session));
    }),
  );

// After the database's start has begun: its first steps (the storage probe, IndexedDB's first open, which creates the
// database on a first visit, and the sample list) then run in the browser while the first render takes the main thread
// (a synchronous render of ~50-150 ms on two busy cores), instead of being asked for only after it.
// Drawn once the store has opened the database the worker has opened or is about to, else at once (first-screen.ts).
void showFirstScreen({
  render: () =>
    createRoot(document.getElementById("root")!).render(<StrictMode>{startsEmbedded(start, course?.start ?? null) ? <LazyEmbedApp /> : <App />}</StrictMode>),
  settled: () => useDatabaseStore.getState().status !== "starting",
  onChange: (listener) => useDatabaseStore.subscribe(listener),
  workerOpen: startOpen,
  onWorkerAnswer: onStartAnswer,
});

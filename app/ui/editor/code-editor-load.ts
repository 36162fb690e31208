// Monaco's load: started once, when the editor panel first wants the code editor (editor-panel.tsx), and watched by
// what should not compete with its download (the service worker's precache: app/ui/common/idle-after-start.ts).
import { loadInTasks } from "./load-in-tasks";

type CodeEditorModule = typeof import("./monaco-sql-editor");

let load: Promise<CodeEditorModule> | null = null;
let markEnded: () => void = () => {};
const ended = new Promise<void>((resolve) => (markEnded = resolve));

/**
 * Monaco (~3.4 MB of script) loads in five tasks: four parts of its core, each the modules the one before did not
 * bring, then the editor's features and SQL (./monaco-sql-editor); the editor is made in a task after that. Imported
 * at once, it was evaluated in one task, with Suspense's render and the editor's creation in its microtasks: one task
 * of ~0.55–0.75 s on a first visit, ~1 s after ready, that every key and click waited for. The parts' chunks are
 * named monaco-* (vite.config.ts). One load per page: a second call gets the first's promise.
 */
export function loadCodeEditor(): Promise<CodeEditorModule> {
  if (!load) {
    load = loadInTasks(
      [
        () => import("monaco-editor/editor/common/config/editorOptions"),
        () => import("monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget"),
        () => import("monaco-editor/editor/standalone/browser/standaloneServices"),
        () => import("monaco-editor/editor/editor.api"),
      ],
      () => import("./monaco-sql-editor"),
    );
    load.then(markEnded, markEnded);
  }
  return load;
}

/** Resolves once the code editor's load has ended, loaded or failed (not before it has begun). */
export function codeEditorLoadEnded(): Promise<void> {
  return ended;
}

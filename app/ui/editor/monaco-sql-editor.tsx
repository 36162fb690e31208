// The Monaco SQL editor: highlighting, schema completion, Ctrl/Cmd+Enter to run, errors marked in place.
import { useLayoutEffect, useRef } from "react";
import { useEditorStore } from "../../state/editor-store";
import { useQueryStore } from "../../state/query-store";
import { runAtCursor, setActiveEditor } from "./editor-commands";
import { isRunShortcut } from "./run-shortcut";
import { isWorkRunning, onWorkRunningChange, stopRunningWork } from "../common/stop-running-work";
import { errorRange } from "./error-location";
import { monaco } from "./monaco-setup";
import { takeFocusHandoff, type FocusHandoff } from "./editor-focus-handoff";

const darkScheme = () => window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;

/**
 * Monaco's light theme with the two SQL token colours that fall below WCAG AA's 4.5:1 on white darkened: operators
 * (AND, JOIN, IN… in #778899, 3.6:1) and strings (#ff0000, 4.0:1). The dark theme passes as it is.
 */
monaco.editor.defineTheme("querylab-light", {
  base: "vs",
  inherit: true,
  rules: [
    { token: "operator.sql", foreground: "4f5b66" },
    { token: "string.sql", foreground: "b30000" },
  ],
  colors: {},
});
const themeName = () => (darkScheme() ? "vs-dark" : "querylab-light");

export default function MonacoSqlEditor({ focusHandoff }: { focusHandoff?: FocusHandoff }) {
  const container = useRef<HTMLDivElement>(null);

  // A layout effect: the editor is made, and takes the focus, in the same task that removes the plain text area, so no
  // key typed in between falls to the page (an effect ran a frame later); its clean-up runs while it still has the focus.
  useLayoutEffect(() => {
    const editor = monaco.editor.create(container.current!, {
      value: useEditorStore.getState().text,
      language: "sql",
      theme: themeName(),
      ariaLabel: "SQL editor",
      // Tab leaves the editor until Ctrl+M: see TabFocus in monaco-setup.ts.
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontSize: 13,
      tabSize: 2,
      wordBasedSuggestions: "off",
      fixedOverflowWidgets: true,
    });
    const model = editor.getModel()!;

    // The text reaches the store (and localStorage) once per task, after the task's edits: Monaco reports a string typed
    // in one input event (an IME's commit, dictation, a test's insertText) a character at a time, and reading the whole
    // text and keeping it for each character took 4.5 s of the 9.4 s that a 12 KB script of 120 statements took to go in.
    let textPending = false;
    const keepText = () => {
      if (!textPending) return;
      textPending = false;
      useEditorStore.getState().setText(editor.getValue());
    };
    const contentListener = editor.onDidChangeModelContent(() => {
      if (textPending) return;
      textPending = true;
      queueMicrotask(keepText);
    });
    // Run is taken on the way down to Monaco's text area, before Monaco sees the key: its keydown path (input-latency
    // marks, view events to every contribution, keybinding resolution) took ~0.3 ms between the key and the query
    // starting (issue #14). The key goes no further, so Monaco's own Ctrl+Enter (insert a line below) does not run.
    const host = container.current!;
    const runOnShortcut = (event: KeyboardEvent) => {
      if (!isRunShortcut(event)) return;
      event.preventDefault();
      event.stopPropagation();
      runAtCursor();
    };
    host.addEventListener("keydown", runOnShortcut, { capture: true });
    // Escape stops what runs (a query, the agent) before Monaco's own Escape (clear the selection, drop extra cursors)
    // can take the key, but only while something runs, and not while a widget of the editor's is open: Escape is its
    // way out. Without the condition on running work, this command took every Escape from Monaco: extra cursors stayed,
    // and the command palette (F1) could not be closed from the keyboard.
    const workRunning = editor.createContextKey("querylabWorkRunning", isWorkRunning());
    const unsubscribeRunning = onWorkRunningChange((running) => workRunning.set(running));
    editor.addCommand(monaco.KeyCode.Escape, stopRunningWork, "querylabWorkRunning && !suggestWidgetVisible && !findWidgetVisible && !inQuickInput");

    setActiveEditor({
      selection() {
        const selection = editor.getSelection();
        if (!selection) return { start: 0, end: 0 };
        return { start: model.getOffsetAt(selection.getStartPosition()), end: model.getOffsetAt(selection.getEndPosition()) };
      },
      replaceRange(start, end, text) {
        const from = model.getPositionAt(start);
        const to = model.getPositionAt(end);
        editor.pushUndoStop();
        editor.executeEdits("format", [{ range: new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column), text }]);
        editor.pushUndoStop();
      },
      focus: () => editor.focus(),
    });

    // Text set from outside (history, first-screen query) replaces the content as one undoable edit.
    const unsubscribeText = useEditorStore.subscribe((state) => {
      if (state.text !== editor.getValue()) {
        editor.pushUndoStop();
        editor.executeEdits("external", [{ range: model.getFullModelRange(), text: state.text }]);
        editor.pushUndoStop();
      }
    });

    const showError = () => {
      const error = useQueryStore.getState().error;
      const range = error ? errorRange(model.getValue(), error) : null;
      if (!error || !range) {
        monaco.editor.setModelMarkers(model, "sqlite", []);
        return;
      }
      const from = model.getPositionAt(range.start);
      const to = model.getPositionAt(range.end);
      monaco.editor.setModelMarkers(model, "sqlite", [
        {
          severity: monaco.MarkerSeverity.Error,
          message: error.message,
          startLineNumber: from.lineNumber,
          startColumn: from.column,
          endLineNumber: to.lineNumber,
          endColumn: to.column,
        },
      ]);
    };
    const unsubscribeError = useQueryStore.subscribe((state, previous) => {
      if (state.error !== previous.error) showError();
    });

    const scheme = window.matchMedia?.("(prefers-color-scheme: dark)");
    const followScheme = () => monaco.editor.setTheme(themeName());
    scheme?.addEventListener("change", followScheme);

    // The plain text area had the focus when this editor replaced it: the caret and the focus come here, unless the
    // person has put the focus somewhere else since. Taken last, so a failure above leaves it to the plain editor that
    // the error boundary shows instead.
    const caret = takeFocusHandoff(focusHandoff);
    if (caret) {
      const from = model.getPositionAt(caret.start);
      const to = model.getPositionAt(caret.end);
      editor.setSelection(new monaco.Selection(from.lineNumber, from.column, to.lineNumber, to.column));
      editor.focus();
    }

    return () => {
      // Replaced while it has the focus (by the plain editor, if this one fails): its caret goes to the next.
      const selection = editor.getSelection();
      if (focusHandoff && selection && editor.hasTextFocus()) {
        focusHandoff.current = { start: model.getOffsetAt(selection.getStartPosition()), end: model.getOffsetAt(selection.getEndPosition()) };
      }
      host.removeEventListener("keydown", runOnShortcut, { capture: true });
      scheme?.removeEventListener("change", followScheme);
      unsubscribeText();
      unsubscribeError();
      unsubscribeRunning();
      contentListener.dispose();
      // An edit of this task not yet kept is kept now, while the editor still has its text.
      keepText();
      setActiveEditor(null);
      editor.dispose();
    };
  }, [focusHandoff]);

  return <div ref={container} className="monaco-host" data-testid="monaco-editor" />;
}

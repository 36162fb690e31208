// A plain text area that stands in for Monaco while it loads, or for good if it cannot load.
import { useEffect, useLayoutEffect, useRef } from "react";
import { useEditorStore } from "../../state/editor-store";
import { useQueryStore } from "../../state/query-store";
import { runAtCursor, setActiveEditor } from "./editor-commands";
import { isRunShortcut } from "./run-shortcut";
import { takeFocusHandoff, type FocusHandoff } from "./editor-focus-handoff";

export function PlainSqlEditor({ note, focusHandoff }: { note?: string; focusHandoff?: FocusHandoff }) {
  const text = useEditorStore((state) => state.text);
  const setText = useEditorStore((state) => state.setText);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    setActiveEditor({
      selection: () => ({ start: area.current?.selectionStart ?? 0, end: area.current?.selectionEnd ?? 0 }),
      replaceRange(start, end, replacement) {
        const current = useEditorStore.getState().text;
        setText(current.slice(0, start) + replacement + current.slice(end));
      },
      focus: () => area.current?.focus(),
    });
    return () => setActiveEditor(null);
  }, [setText]);

  // A layout effect, because its clean-up runs before React removes the text area: the focus is still on it then.
  useLayoutEffect(() => {
    const textarea = area.current!;
    const caret = takeFocusHandoff(focusHandoff);
    if (caret) {
      textarea.focus();
      textarea.setSelectionRange(caret.start, caret.end);
    }
    return () => {
      if (focusHandoff && document.activeElement === textarea) {
        focusHandoff.current = { start: textarea.selectionStart, end: textarea.selectionEnd };
      }
    };
  }, [focusHandoff]);

  return (
    <div className="plain-editor">
      {note && <p className="editor-note">{note}</p>}
      <textarea
        ref={area}
        aria-label="SQL editor"
        spellCheck={false}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (isRunShortcut(event.nativeEvent)) {
            event.preventDefault();
            runAtCursor();
          } else if (event.key === "Escape") {
            void useQueryStore.getState().stop();
          }
        }}
      />
    </div>
  );
}

// Types for the modules of Monaco's internals the app reaches (monaco-editor ships no declarations for them).
declare module "monaco-editor/base/browser/performance" {
  /** Monaco's input-latency recorder: the editor calls these on its input events and renders. */
  export const inputLatency: {
    onKeyDown(): void;
    onBeforeInput(): void;
    onInput(): void;
    onKeyUp(): void;
    onSelectionChange(): void;
    onRenderStart(): void;
  };
}

declare module "monaco-editor/editor/browser/config/tabFocus" {
  /** The page's Tab mode, which Ctrl+M (editor.action.toggleTabFocusMode) flips: true, Tab moves the focus. */
  export const TabFocus: {
    getTabFocusMode(): boolean;
    setTabFocusMode(tabFocusMode: boolean): void;
  };
}

// Parts of Monaco's core that the editor panel imports one at a time before the rest (editor-panel.tsx), for their
// evaluation alone: nothing of them is used by name.
declare module "monaco-editor/editor/common/config/editorOptions";
declare module "monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget";
declare module "monaco-editor/editor/standalone/browser/standaloneServices";

// Types for the one module of Monaco's internals the app reaches (monaco-editor ships no declarations for it).
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

// window.__querylab: read-only access to app state for end-to-end tests, so they wait on state instead of sleeping.
import { useDatabaseStore } from "../state/database-store";
import { useEditorStore } from "../state/editor-store";
import { useQueryStore } from "../state/query-store";

declare global {
  interface Window {
    __querylab?: {
      database: () => ReturnType<typeof useDatabaseStore.getState>;
      query: () => ReturnType<typeof useQueryStore.getState>;
      editor: () => ReturnType<typeof useEditorStore.getState>;
    };
  }
}

export function installTestHook(): void {
  window.__querylab = {
    database: () => useDatabaseStore.getState(),
    query: () => useQueryStore.getState(),
    editor: () => useEditorStore.getState(),
  };
}

// The SQL editor's text (kept across reloads) and the history of queries run.
import { create } from "zustand";
import { queryLabStorage } from "../browser/services";
import type { HistoryEntry } from "../browser/storage";

const TEXT_KEY = "querylab.editor-text";

function savedText(): string | null {
  try {
    return localStorage.getItem(TEXT_KEY);
  } catch {
    return null;
  }
}

interface EditorState {
  text: string;
  history: HistoryEntry[];
  /** Set when the text came from storage, so the first screen does not replace a person's work with a sample query. */
  restored: boolean;
  setText(text: string): void;
  loadHistory(): Promise<void>;
  recordRun(entry: HistoryEntry): Promise<void>;
}

export const useEditorStore = create<EditorState>((set, get) => ({
  text: savedText() ?? "",
  history: [],
  restored: savedText() !== null,

  setText(text) {
    set({ text });
    try {
      localStorage.setItem(TEXT_KEY, text);
    } catch {
      // Storage unavailable: the text lives as long as the page.
    }
  },

  async loadHistory() {
    try {
      set({ history: await queryLabStorage().queryHistory() });
    } catch {
      set({ history: [] });
    }
  },

  async recordRun(entry) {
    try {
      set({ history: await queryLabStorage().addQueryHistory(entry) });
    } catch {
      set({ history: [entry, ...get().history.filter((item) => item.sql !== entry.sql)].slice(0, 200) });
    }
  },
}));

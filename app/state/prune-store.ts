// The schema pruning of the current question: its result (kept/dropped with reasons) and the person's pins and exclusions.
import { create } from "zustand";
import type { PruneOverrides, PruneResult } from "../core/schema/types";

interface PruneState {
  /** The last pruning, for the question on screen; null before the first question. */
  result: PruneResult | null;
  overrides: PruneOverrides;
  setResult(result: PruneResult | null): void;
}

export const usePruneStore = create<PruneState>((set) => ({
  result: null,
  overrides: { pinned: [], excluded: [] },
  setResult(result) {
    set({ result });
  },
}));

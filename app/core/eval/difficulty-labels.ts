// Difficulty labels in their natural order: Spider's hardness levels, then BIRD's own labels, then any other, alphabetically.

/** Spider's `eval_hardness` levels, then BIRD dev.json's `difficulty` values, easiest first. */
export const KNOWN_DIFFICULTIES = ["easy", "medium", "hard", "extra", "simple", "moderate", "challenging"] as const;

/** The distinct labels, easiest first where known (a benchmark's own labels are shown as they are written). */
export function sortedDifficulties(labels: Iterable<string>): string[] {
  const rank = (label: string) => {
    const index = (KNOWN_DIFFICULTIES as readonly string[]).indexOf(label);
    return index === -1 ? KNOWN_DIFFICULTIES.length : index;
  };
  return [...new Set(labels)].sort((left, right) => rank(left) - rank(right) || left.localeCompare(right));
}

export interface DifficultyAccuracy {
  difficulty: string;
  matches: number;
  questions: number;
}

/** Matches per difficulty, easiest first, as both official scripts report them; results without a label are "unlabelled", last. */
export function accuracyByDifficulty(results: readonly { difficulty?: string; match: boolean }[]): DifficultyAccuracy[] {
  const counts = new Map<string, DifficultyAccuracy>();
  for (const result of results) {
    const difficulty = result.difficulty ?? "unlabelled";
    const entry = counts.get(difficulty) ?? { difficulty, matches: 0, questions: 0 };
    entry.questions += 1;
    if (result.match) entry.matches += 1;
    counts.set(difficulty, entry);
  }
  const labelled = sortedDifficulties([...counts.keys()].filter((difficulty) => difficulty !== "unlabelled"));
  return [...labelled, ...(counts.has("unlabelled") ? ["unlabelled"] : [])].map((difficulty) => counts.get(difficulty)!);
}

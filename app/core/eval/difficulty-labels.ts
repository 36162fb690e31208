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

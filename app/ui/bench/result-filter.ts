// Which benchmark results the table shows for a filter text and "Only misses", and why none are shown when none are.
import { formatCountOf } from "../../core/format";
import type { RunResult } from "../../state/benchmark-store";

/** A result matches when the text is in its database, model, question, predicted or gold SQL, or error (any case). */
export function matchesResultFilter(result: RunResult, text: string, onlyMisses: boolean): boolean {
  if (onlyMisses && result.match) return false;
  const needle = text.trim().toLowerCase();
  if (needle === "") return true;
  return [result.db_id, result.model, result.question, result.predicted ?? "", result.gold, result.error ?? ""].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** Said in place of an empty table: which of the filters left nothing, so the person knows what to undo. */
export function emptyFilterReason(results: RunResult[], text: string, onlyMisses: boolean): string {
  const misses = results.filter((result) => !result.match).length;
  const textMatches = results.filter((result) => matchesResultFilter(result, text, false)).length;
  const quoted = `“${text.trim()}”`;
  if (onlyMisses && misses === 0) return `No misses among the ${formatCountOf(results.length, "result")}. Untick “Only misses” to see them.`;
  if (onlyMisses && textMatches > 0) {
    return `No miss contains ${quoted}; ${formatCountOf(textMatches, "correct result")} ${textMatches === 1 ? "does" : "do"}. Untick “Only misses” or change the text.`;
  }
  return `No result contains ${quoted} in its database, model, question, SQL or error. Clear the filter to see the ${formatCountOf(results.length, "result")}.`;
}

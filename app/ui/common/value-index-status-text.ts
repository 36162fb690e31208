// The value index's state in one sentence, for the status line: what is being read, how many values are indexed, where the index came from.
import { formatCount } from "../../core/format";
import { DEFAULT_VALUE_LIMITS } from "../../core/schema/value-stream";
import type { ValueIndexStatus } from "../../state/value-index-store";

function seconds(ms: number): string {
  return `${(ms / 1000).toLocaleString("en-US", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} s`;
}

/** Null when there is nothing to say (no database yet). */
export function valueIndexStatusText(status: ValueIndexStatus): string | null {
  switch (status.state) {
    case "idle":
      return null;
    case "reading":
      return "Values: reading the index kept in this browser…";
    case "indexing":
      return status.tables === 0
        ? "Indexing values…"
        : `Indexing values: ${formatCount(status.values)} read, table ${Math.min(status.tablesDone + 1, status.tables)} of ${formatCount(status.tables)}…`;
    case "ready": {
      const capped = status.truncated
        ? ` (the first ${formatCount(DEFAULT_VALUE_LIMITS.perColumn)} of a column, ${formatCount(DEFAULT_VALUE_LIMITS.total)} at most)`
        : "";
      const origin =
        status.source === "kept"
          ? `reused from this browser in ${seconds(status.elapsedMs)}`
          : status.source === "shipped"
            ? `index from the site, read in ${seconds(status.elapsedMs)}`
            : `indexed in ${seconds(status.elapsedMs)}`;
      return `${formatCount(status.valueCount)} values${capped} · ${origin}`;
    }
    case "failed":
      return `Values not indexed (${status.message}); questions are ranked by names and descriptions.`;
  }
}

// What the last run read from a database read on demand (bytes fetched, requests), appended to the result's status
// line: the figure that shows a point lookup fetched a few pages and a scan most of the file.
import { useEffect, useState } from "react";
import type { LazyReadCounters } from "../../core/db/lazy-file";
import { formatBytes, formatCountOf } from "../../core/format";
import { sqliteConnection } from "../../browser/services";
import { isReadOnDemandUntilWhole, useDatabaseStore } from "../../state/database-store";
import { useQueryStore } from "../../state/query-store";

export function ReadOnDemandFigure() {
  const result = useQueryStore((state) => state.result);
  // So is a first sample while its download goes on, and a large kept database while the worker reads it whole.
  const readOnDemand = useDatabaseStore((state) => state.current?.saveState === "read-on-demand" || isReadOnDemandUntilWhole(state.current?.saveState));
  const [reads, setReads] = useState<{ result: object; counters: LazyReadCounters } | null>(null);
  useEffect(() => {
    if (!result || !readOnDemand) return;
    let current = true;
    sqliteConnection()
      .engine.lastRunReadOnDemand()
      .then((counters) => {
        if (current && counters) setReads({ result, counters });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [result, readOnDemand]);
  // A figure belongs to the result it was read for; a newer result shows none until its own arrives.
  if (!reads || reads.result !== result || !readOnDemand) return null;
  const { bytesRead, reads: requests } = reads.counters;
  return (
    <span className="read-on-demand-figure">
      {" "}
      · read {bytesRead === 0 ? "nothing new (cached)" : `${formatBytes(bytesRead)} in ${formatCountOf(requests, "request")}`}
    </span>
  );
}

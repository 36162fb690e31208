// A benchmark database whose every query (the agent's, the judge's) ends on time: the watchdog restarts its engine
// when a query is stuck inside one SQLite step. The CLI wraps its worker threads with it, the page its workers.
import { timeLimitMessage, type ReadOnlyDatabase } from "../db/read-only-query";
import type { QueryWatchdog } from "../db/query-watchdog";
import type { BenchmarkDatabase } from "./benchmark-session";
import type { QueryOutcome } from "./query-runner";

export interface WatchedDatabaseOptions {
  /** The limit for each of the agent's queries (the person's setting); the judge keeps the limit it asks for. */
  agentQueryLimitMs?: number;
}

export function watchedBenchmarkDatabase(watchdog: QueryWatchdog<BenchmarkDatabase>, options: WatchedDatabaseOptions = {}): BenchmarkDatabase {
  const agentView = (signal?: AbortSignal): ReadOnlyDatabase => watchdog.readOnlyView({ limitMs: options.agentQueryLimitMs, signal });
  const plain = agentView();
  return {
    schema: () => plain.schema(),
    executeReadOnly: (sql, asked) => plain.executeReadOnly(sql, asked),
    async profile(profileOptions) {
      await watchdog.ready();
      return watchdog.engine.profile(profileOptions);
    },
    runForJudge(sql, asked) {
      const limitMs = watchdog.limitFor({}, asked.timeoutMs);
      return watchdog.guard<QueryOutcome>((engine) => engine.runForJudge(sql, { ...asked, timeoutMs: limitMs }), {
        limitMs,
        onTimeout: (elapsedMs) => ({ ok: false, error: { kind: "timeout", message: timeLimitMessage(limitMs, elapsedMs) } }),
      });
    },
    stoppableBy: (signal) => agentView(signal),
  };
}

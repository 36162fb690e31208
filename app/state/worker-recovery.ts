// When the SQLite worker dies (a crash, running out of memory), start a new one, reopen the last saved state of the
// database, and say what happened; the person keeps working. When no worker can start (its code cannot be loaded),
// say so once instead of starting one after another.
import { sqliteConnection } from "../browser/services";
import { useDatabaseStore } from "./database-store";
import { useQueryStore } from "./query-store";
import { workspaceWatchdog } from "./workspace-watchdog";

export function watchSqliteWorker(): void {
  // Once no worker can start, that is what the page says from then on: the opens still under way (the start's, a
  // restart's) fail one after another for that reason, and each would put its own notice (or none) in its place.
  let cannotStartNotice: string | null = null;
  const sayCannotStart = () => useDatabaseStore.setState({ status: "failed", notice: { kind: "error", message: cannotStartNotice! } });
  useDatabaseStore.subscribe((state) => {
    if (cannotStartNotice !== null && (state.status !== "failed" || state.notice?.message !== cannotStartNotice)) sayCannotStart();
  });
  sqliteConnection().onFailure((reason, cannotStart) => {
    if (cannotStart) {
      cannotStartNotice = `SQLite could not start (${reason}). Queries cannot run until it does: check the connection and reload the page.`;
      if (useQueryStore.getState().running !== null) useQueryStore.getState().abandon(cannotStartNotice);
      sayCannotStart();
      return;
    }
    void (async () => {
      const wasRunning = useQueryStore.getState().running !== null;
      const message = `The SQLite worker stopped unexpectedly (${reason}). It was restarted and the database reopened from its last saved state${wasRunning ? "; the query that was running did not finish" : ""}.`;
      if (wasRunning) useQueryStore.getState().abandon(message);
      // Through the watchdog, so the agent's pending query is run again once the database is back.
      await workspaceWatchdog().restart("it stopped unexpectedly");
      useDatabaseStore.setState({ notice: { kind: "error", message } });
    })();
  });
}

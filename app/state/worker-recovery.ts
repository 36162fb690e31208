// When the SQLite worker dies (a crash, running out of memory), start a new one, reopen the last saved state of the
// database, and say what happened; the person keeps working.
import { sqliteConnection } from "../browser/services";
import { useDatabaseStore } from "./database-store";
import { useQueryStore } from "./query-store";
import { workspaceWatchdog } from "./workspace-watchdog";

export function watchSqliteWorker(): void {
  sqliteConnection().onFailure((reason) => {
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

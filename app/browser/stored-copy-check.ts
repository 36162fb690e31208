// SQLite's check of every page of a large database kept in this browser, run over the stored copy by a SQLite worker
// of its own, which reads it on demand (File slices) and is ended after: in the page's worker the check held that worker
// for ~1 s for the bench's 401 MB file, so a query typed then waited that long. The page's worker never stops for it.
import type { DbError } from "../core/db/types";
import type { SqliteConnectionHandle } from "./sqlite-connection";

/** From this size a kept copy is checked aside (below it, the page's worker checks it in tens of ms). */
export const CHECK_ASIDE_FROM_BYTES = 16 * 1024 * 1024;

/** The damage SQLite finds in `copy`, or null. A copy that cannot be opened at all is damage too. */
export async function checkStoredCopyAside(
  copy: Blob,
  name: string,
  connect: () => SqliteConnectionHandle | Promise<SqliteConnectionHandle>,
): Promise<DbError | null> {
  const connection = await connect();
  try {
    const opened = await connection.engine.openLazy({ kind: "file", file: copy, name });
    if (!opened.ok) return opened.error;
    return await connection.engine.checkPages({ readOnDemand: true });
  } finally {
    connection.terminate();
  }
}

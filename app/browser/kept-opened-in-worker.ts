// A returning visit's kept database as the first SQLite worker opened it at the start script's request
// (workers/kept-database.ts), its answer checked as the page checks every reply of the worker.
import type { DatabaseSchema, OpenedDatabase, Outcome } from "../core/db/types";
import { KEPT_DATABASE_READ_MESSAGE } from "../../workers/kept-database";
import { takeStartedKeptDatabase } from "./started-from-html";
import { checkedDatabaseSchema, openOutcomeSchema } from "./sqlite-replies";
import { storedDatabaseMetaSchema, type StoredDatabaseMeta } from "./storage";

export interface KeptDatabaseOpenedInWorker {
  /** Its entry in the list of kept databases, read in the same transaction as the bytes the worker opened. */
  meta: StoredDatabaseMeta;
  outcome: Outcome<OpenedDatabase>;
  /** Without row counts; null when the worker could not read it. */
  schema: DatabaseSchema | null;
  /**
   * A large database the worker opened read on demand from its Blob: resolves once it holds it whole, or to why it
   * could not (it then stays read on demand). Null when it was opened whole.
   */
  whole: Promise<KeptDatabaseHeldWhole> | null;
  /** With `whole`: tells the worker the page has drawn it, so its read whole may begin (it begins 3 s on regardless). */
  beginReadingWhole(): void;
}

export type KeptDatabaseHeldWhole = { ok: true } | { ok: false; reason: string };

/**
 * Null when the start script asked for none (a first visit, an address naming a database, the dev server). Else its
 * answer, or null when nothing was opened, the answer is unreadable, or `currentWorker` (the connection's worker now)
 * is not the one that opened it (restarted meanwhile). Taken once.
 */
export function takeKeptDatabaseOpenedInWorker(currentWorker: () => Worker | null): Promise<KeptDatabaseOpenedInWorker | null> | null {
  const started = takeStartedKeptDatabase();
  if (!started) return null;
  return started.opened.then((answer) => {
    if (!answer?.opened || started.openedIn !== currentWorker()) return null;
    const meta = storedDatabaseMetaSchema.safeParse(answer.meta);
    const outcome = openOutcomeSchema.safeParse(answer.outcome);
    // By hand, as the worker's schema replies are: zod's parse of 5,000 tables' schema held the page ~170 ms.
    const schema = answer.schema === null ? null : checkedDatabaseSchema(answer.schema);
    if (!meta.success || meta.data.id !== answer.id || !outcome.success || (answer.schema !== null && !schema)) return null;
    const whole =
      answer.loadingWhole === true
        ? started.loaded.then((loaded): KeptDatabaseHeldWhole => {
            if (loaded?.loaded === true && loaded.id === answer.id) return { ok: true };
            if (loaded?.loaded === false && typeof loaded.reason === "string") return { ok: false, reason: loaded.reason };
            return { ok: false, reason: "the SQLite worker gave no word of it" };
          })
        : null;
    const beginReadingWhole = () => started.openedIn.postMessage({ type: KEPT_DATABASE_READ_MESSAGE });
    return { meta: meta.data, outcome: outcome.data, schema, whole, beginReadingWhole };
  });
}

// What to tell a person when the browser refuses to save their database: why, how much was needed and is free, what a reload would bring back.
import { errorMessage } from "../core/error-message";
import { formatBytes } from "../core/format";
import { isQuotaError, type StorageSizes } from "../browser/storage-estimate";

/** A date and time to the second: two saves a minute apart must read differently. */
export function formatMoment(milliseconds: number): string {
  return new Date(milliseconds).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "medium" });
}

export interface SaveFailureFacts {
  error: unknown;
  databaseName: string;
  /** The size of what was being saved. */
  neededBytes: number;
  /** Null when the browser does not say. */
  sizes: StorageSizes | null;
  /** When the copy a reload would bring back was saved; null when none is kept. */
  storedAt: number | null;
}

function reasonText(error: unknown): string {
  // The sentence around it ends the text: a message's own full stop would read "exceeded.)."
  const message = errorMessage(error).replace(/\.$/, "");
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  // A DOMException's name (QuotaExceededError, UnknownError) says more than its message; plain Errors add nothing.
  const detail = name && name !== "Error" && !message.includes(name) ? `${name}: ${message}` : message;
  return isQuotaError(error) ? `the browser's storage for this page is full (${detail})` : `the browser refused to store it (${detail})`;
}

export function sizesText(neededBytes: number, sizes: StorageSizes | null): string {
  const needed = `Needed ${formatBytes(neededBytes)}`;
  if (!sizes) return `${needed}; the browser does not say how much is used or free.`;
  const free = Math.max(0, sizes.quotaBytes - sizes.usedBytes);
  return `${needed}; used ${formatBytes(sizes.usedBytes)} of ${formatBytes(sizes.quotaBytes)}, ${formatBytes(free)} free.`;
}

/** The whole message, for the bar that offers Download and another try. */
export function describeSaveFailure(facts: SaveFailureFacts): string {
  const reload =
    facts.storedAt === null ? "a reload would lose this database" : `a reload would bring back the older copy saved ${formatMoment(facts.storedAt)}`;
  return (
    `${facts.databaseName} was not saved: ${reasonText(facts.error)}. ${sizesText(facts.neededBytes, facts.sizes)} ` +
    `Your changes are still open here, but ${reload}. Download a copy to keep them, or free space (delete databases in Recent); ` +
    `the next change saves again.`
  );
}

/** Said on load when the last save failed, so an older copy does not come back silently. */
export function describeEarlierFailure(mark: { databaseName: string; failedAt: number; storedAt: number | null; quota: boolean }, reopened: boolean): string {
  const why = mark.quota ? " (the browser's storage was full)" : "";
  const failed = `The last save of ${mark.databaseName} failed ${formatMoment(mark.failedAt)}${why}`;
  if (reopened && mark.storedAt !== null)
    return `${failed}, so this is the older copy saved ${formatMoment(mark.storedAt)}: changes made after it were not kept.`;
  if (mark.storedAt !== null) return `${failed}; Recent has its older copy saved ${formatMoment(mark.storedAt)}, without the changes made after it.`;
  return `${failed}; it is not kept in this browser.`;
}

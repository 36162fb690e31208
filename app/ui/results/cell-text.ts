// How one SQLite value is shown and copied: always as text, NULL apart from the string 'NULL', BLOBs summarized.
import type { ResultValue } from "../../core/db/types";
import { formatBytes } from "../../core/format";

const BLOB_PREVIEW_BYTES = 8;

export function blobSummary(bytes: Uint8Array): string {
  const preview = Array.from(bytes.subarray(0, BLOB_PREVIEW_BYTES), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `BLOB ${formatBytes(bytes.byteLength)} 0x${preview}${bytes.byteLength > BLOB_PREVIEW_BYTES ? "…" : ""}`;
}

/** The text put on the clipboard: SQL literal forms for NULL and BLOBs, so a pasted value means what it meant. */
export function copyTextOf(value: ResultValue | undefined): string {
  if (value === undefined || value === null) return "NULL";
  if (value instanceof Uint8Array) {
    return `x'${Array.from(value, (byte) => byte.toString(16).padStart(2, "0")).join("")}'`;
  }
  return String(value);
}

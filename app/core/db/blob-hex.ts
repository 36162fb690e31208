// BLOBs as hex text: its own module so the page's trace and thread code can use it without loading the CSV writer
// (papaparse) with the first screen.

/** BLOBs have no text form; hex keeps them lossless and readable in a spreadsheet. */
export function blobToHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

// Saves bytes, a Blob or text as a file through the browser's download.
export function downloadBytes(data: Uint8Array | Blob | string, fileName: string, mimeType: string): void {
  // A Blob given is referenced by the new one, not copied.
  const blob = new Blob([data as BlobPart], { type: mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

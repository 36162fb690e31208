// Numbers for people: thousands separators, ms/s, KB/MB. Shared by the engine's messages, the UI and the CLI.
export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1) return "< 1 ms";
  if (milliseconds < 1000) return `${Math.round(milliseconds)} ms`;
  return `${(milliseconds / 1000).toFixed(milliseconds < 10_000 ? 2 : 1)} s`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

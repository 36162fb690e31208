// Which benchmark was open, kept across reloads: the teaching benchmark can be loaded again by the page, a folder or a
// .zip the person chose cannot (a page may not re-read a file without the person choosing it again), so it is named.
const LAST_SOURCE_KEY = "querylab.benchmark-source";

export type BenchmarkSourceKind = "teaching" | "folder" | "zip";

export interface LastBenchmarkSource {
  name: string;
  kind: BenchmarkSourceKind;
}

export function readLastSource(): LastBenchmarkSource | null {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_SOURCE_KEY) ?? "null") as Partial<LastBenchmarkSource> | null;
    if (typeof value?.name !== "string" || !["teaching", "folder", "zip"].includes(value.kind ?? "")) return null;
    return { name: value.name, kind: value.kind! };
  } catch {
    return null;
  }
}

export function writeLastSource(source: LastBenchmarkSource): void {
  try {
    localStorage.setItem(LAST_SOURCE_KEY, JSON.stringify(source));
  } catch {
    // Not kept: after a reload the page opens the teaching benchmark.
  }
}

/** What to tell the person about a chosen benchmark that is gone after a reload. */
export function reopenAdvice(source: LastBenchmarkSource): string {
  const how = source.kind === "zip" ? "Open .zip" : "Open folder";
  return `${source.name} was open before the page was reloaded. A page cannot read a file or folder again without you: choose it again with ${how} to run its questions or compare results. Its last results, if any, are shown below.`;
}

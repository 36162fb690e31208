// What the page's address asks for at start (`?embed=1`, `?db=URL`, `?sample=ID`, `?question=TEXT`), and the address
// of the full app with the same database and question (the embed's "Open in QueryLab" link). No DOM: pure functions of
// URLs, so the vitest and the page read addresses the same way.

/** A database a page can be told to open: a bundled sample by its id, or a URL (absolute, or relative to the page). */
export type DatabaseRequest = { kind: "sample"; id: string } | { kind: "url"; url: string };

/** The screens a page can start on: the whole app, the exercise set, or the compact layout for an iframe. */
export type StartScreen = "app" | "exercises" | "embed";

export interface StartAddress {
  /** `?embed=1` → true, `?embed=0` → false, absent → null (the course build's starting screen decides). */
  embed: boolean | null;
  database: DatabaseRequest | null;
  question: string | null;
}

/** The database the address names: `?db=` wins over `?sample=` (a URL is the more specific request). */
export function databaseInAddress(address: URL): DatabaseRequest | null {
  const url = address.searchParams.get("db")?.trim();
  if (url) return { kind: "url", url };
  const id = address.searchParams.get("sample")?.trim();
  return id ? { kind: "sample", id } : null;
}

export function readStartAddress(address: URL): StartAddress {
  const embed = address.searchParams.get("embed");
  const question = address.searchParams.get("question")?.trim();
  return { embed: embed === null ? null : embed === "1", database: databaseInAddress(address), question: question || null };
}

/** Whether the page shows the embed layout: the address says so, else the course build's starting screen. */
export function startsEmbedded(start: StartAddress, courseStart: StartScreen | null): boolean {
  return start.embed ?? courseStart === "embed";
}

/**
 * How the open database can be named in an address, or null when it cannot (a dropped file, a new or imported
 * database: those live only in this browser). A sample by its title; a URL database when it is the one the page
 * started with (its stored copy keeps the file name, not the URL).
 */
export function addressableDatabase(
  current: { source: string; name: string } | null,
  samples: ReadonlyArray<{ id: string; title: string }>,
  started: DatabaseRequest | null,
  fileNameOf: (url: string) => string,
): DatabaseRequest | null {
  if (!current) return null;
  if (current.source === "sample") {
    const sample = samples.find((entry) => entry.title === current.name);
    return sample ? { kind: "sample", id: sample.id } : null;
  }
  if (current.source === "url" && started?.kind === "url" && fileNameOf(started.url) === current.name) return started;
  return null;
}

const START_PARAMETERS = ["embed", "db", "sample", "question"];

/**
 * The full app's address for the same database and question: the embed's own address without its start parameters
 * (other parameters and the path are kept, so a sub-path still works), plus `embed=0` where the build starts embedded.
 */
export function fullAppAddress(page: URL, database: DatabaseRequest | null, question: string, buildStartsEmbedded: boolean): string {
  const address = new URL(page.href);
  address.hash = "";
  for (const name of START_PARAMETERS) address.searchParams.delete(name);
  if (buildStartsEmbedded) address.searchParams.set("embed", "0");
  if (database?.kind === "url") address.searchParams.set("db", database.url);
  if (database?.kind === "sample") address.searchParams.set("sample", database.id);
  if (question.trim()) address.searchParams.set("question", question.trim());
  return address.href;
}

/**
 * The address with a course's exercise set as `?exercises=URL`, which the exercise panel reads (docs/exercises.md), when
 * the course starts on its exercises or embedded (the embed shows the exercise) and the address names no set of its
 * own; null when nothing is to change. The app's start leaves the set closed.
 */
export function addressWithCourseExercises(address: URL, course: { start: StartScreen; exercisesUrl: string | null } | null): string | null {
  if (course?.start === "app" || !course?.exercisesUrl || address.searchParams.has("exercises")) return null;
  const changed = new URL(address.href);
  changed.searchParams.set("exercises", course.exercisesUrl);
  return changed.href;
}

let captured: StartAddress | null = null;

/**
 * The address the page started with, read once before anything changes it (opening a `?db=` database takes the
 * parameter out of the address, so a reload comes back to the kept copy).
 */
export function startAddress(href: string = globalThis.location?.href ?? "http://localhost/"): StartAddress {
  captured ??= readStartAddress(new URL(href));
  return captured;
}

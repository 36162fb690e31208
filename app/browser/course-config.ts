// The course build's one config file (course.config.json, see docs/hosting.md): the database the page opens on, the
// exercise set, the screen it starts on and its title. The Vite plugin (scripts/vite-course.ts) parses it at build time,
// copies the local files it names into the build and compiles the resolved settings into the page (course.ts).
// No DOM and no file system here: the plugin and the vitest use the same functions. Exercise sets are read by their own
// module (app/core/exercises/exercise-set.ts); this one only places the set and the database it names.
import { z } from "zod";
import type { ExerciseDatabase } from "../core/exercises/exercise-set";
import type { DatabaseRequest, StartScreen } from "./page-address";

const HTTP_URL = /^https?:\/\//i;

const courseDatabaseSchema = z.union([
  z.strictObject({ sample: z.string().min(1) }),
  z.strictObject({ url: z.string().regex(HTTP_URL, "must be an http(s) URL") }),
  z.strictObject({ file: z.string().min(1) }),
]);

export const courseConfigSchema = z.strictObject({
  title: z.string().trim().min(1).max(120),
  /** A bundled sample, a URL, or a SQLite file relative to the config file (copied into the build). */
  database: courseDatabaseSchema.optional(),
  /** An exercise set (docs/exercises.md): a file relative to the config file (copied into the build) or an http(s) URL. */
  exercises: z.string().trim().min(1).optional(),
  start: z.enum(["app", "exercises", "embed"] as const satisfies readonly StartScreen[]).default("app"),
});

export type CourseConfig = z.infer<typeof courseConfigSchema>;

/** What the page is built with: every location resolved to a URL the page can fetch (relative to its own address). */
export interface CourseSettings {
  title: string;
  /** Opened at start; null when only the exercise set (at a URL) knows it, and opens it. */
  database: DatabaseRequest | null;
  exercisesUrl: string | null;
  start: StartScreen;
}

/** A local file the build copies: `from` relative to the config file, `to` inside the build. */
export interface CourseFileCopy {
  from: string;
  to: string;
}

export interface CoursePlan {
  settings: CourseSettings;
  copies: CourseFileCopy[];
}

/** The folder of the build that holds the course's own files. */
export const COURSE_FOLDER = "course";

/** Parses the file's text; a mistake is thrown as one readable message naming the file and the field. */
export function parseCourseConfig(text: string, fileName: string): CourseConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${fileName} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = courseConfigSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${fileName} is not a course config:\n${z.prettifyError(parsed.error)}`);
  const config = parsed.data;
  if (config.start === "exercises" && !config.exercises) throw new Error(`${fileName}: "start": "exercises" needs an "exercises" set.`);
  // A set opened at start (the exercises screen, or the embed, which shows the exercise) opens the database it names:
  // a second one here could only disagree with it.
  const setOpensAtStart = config.exercises !== undefined && config.start !== "app";
  if (setOpensAtStart && config.database)
    throw new Error(`${fileName}: with "start": "${config.start}" the exercise set opens the database it names; leave "database" out.`);
  if (!setOpensAtStart && !config.database) throw new Error(`${fileName}: "database" is needed (a sample, a url or a file).`);
  return config;
}

function pathParts(path: string): string[] {
  return path.split(/[\\/]/).filter((part) => part !== "" && part !== ".");
}

/** A path inside the build as a URL relative to the page (each part encoded), so it works from any sub-path. */
function pageUrl(buildPath: string): string {
  return `./${buildPath.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Where each named thing comes from in the built page: a sample stays a sample (it must exist), a URL stays a URL, a
 * local file is copied into course/ and fetched from there. An exercise set's relative database is copied to the same
 * place relative to the set, so the set's own `database` text still finds it.
 *
 * @param exerciseDatabase the `database` of the exercise set, read with the set's own parser (null for a set at a URL)
 */
export function planCourse(config: CourseConfig, sampleIds: readonly string[], exerciseDatabase: ExerciseDatabase | null = null): CoursePlan {
  const copies: CourseFileCopy[] = [];
  const copy = (from: string, to: string): string => {
    if (copies.some((entry) => entry.to === to)) throw new Error(`Two files would be copied to ${to}: rename one of them.`);
    copies.push({ from, to });
    return pageUrl(to);
  };
  const copyByName = (from: string): string => {
    const name = pathParts(from).pop();
    if (!name) throw new Error(`"${from}" does not name a file.`);
    return copy(from, `${COURSE_FOLDER}/${name}`);
  };
  const sample = (id: string, field: string): DatabaseRequest => {
    if (!sampleIds.includes(id)) throw new Error(`${field}: no bundled sample is called "${id}" (there are: ${sampleIds.join(", ")}).`);
    return { kind: "sample", id };
  };

  let database: DatabaseRequest | null = null;
  if (config.database && "sample" in config.database) database = sample(config.database.sample, '"database"');
  else if (config.database && "url" in config.database) database = { kind: "url", url: config.database.url };
  else if (config.database) database = { kind: "url", url: copyByName(config.database.file) };

  let exercisesUrl: string | null = null;
  if (config.exercises && HTTP_URL.test(config.exercises)) exercisesUrl = config.exercises;
  else if (config.exercises) {
    exercisesUrl = copyByName(config.exercises);
    const setFolder = pathParts(config.exercises).slice(0, -1).join("/");
    if (exerciseDatabase?.kind === "sample") database ??= sample(exerciseDatabase.name, "the exercise set's database");
    if (exerciseDatabase?.kind === "url") database ??= { kind: "url", url: exerciseDatabase.url };
    if (exerciseDatabase?.kind === "path") {
      const parts = pathParts(exerciseDatabase.path);
      if (parts.includes("..")) throw new Error(`The exercise set's database "${exerciseDatabase.path}" must be beside the set or in a folder below it.`);
      const url = copy([setFolder, ...parts].filter(Boolean).join("/"), [COURSE_FOLDER, ...parts].join("/"));
      database ??= { kind: "url", url };
    }
  }
  return { settings: { title: config.title, database, exercisesUrl, start: config.start }, copies };
}

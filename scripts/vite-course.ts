// Vite plugin for a course build: when a course config is given (QUERYLAB_COURSE=path/to/course.config.json, or a
// course.config.json at the repository's root), its settings are compiled into the page (__QUERYLAB_COURSE__, read by
// app/browser/course.ts), the page's <title> becomes the course's, and the local files it names are copied into the
// build's course/ folder (served the same way by the dev server). Without a config the build is the ordinary app.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Plugin } from "vite";
import { parseCourseConfig, planCourse, type CoursePlan } from "../app/browser/course-config";
import { parseExerciseSet, type ExerciseDatabase } from "../app/core/exercises/exercise-set";

/** The environment variable that names the course config (relative to the repository's root, or absolute). */
export const COURSE_CONFIG_VARIABLE = "QUERYLAB_COURSE";
export const DEFAULT_COURSE_CONFIG = "course.config.json";

export interface LoadedCourse {
  plan: CoursePlan;
  /** Where the config's relative paths start. */
  directory: string;
}

/** The course the environment names, checked (config, sample, copied files), or null when there is none. */
export function loadCourse(root: string, variable = process.env[COURSE_CONFIG_VARIABLE]): LoadedCourse | null {
  const named = variable?.trim();
  const path = resolve(root, named || DEFAULT_COURSE_CONFIG);
  if (!existsSync(path)) {
    if (named) throw new Error(`${COURSE_CONFIG_VARIABLE}=${named}: no such file (${path}).`);
    return null;
  }
  const config = parseCourseConfig(readFileSync(path, "utf8"), path);
  const manifest = JSON.parse(readFileSync(resolve(root, "public/samples/manifest.json"), "utf8")) as Array<{ id: string }>;
  const directory = dirname(path);
  const plan = planCourse(
    config,
    manifest.map((entry) => entry.id),
    config.exercises && !/^https?:\/\//i.test(config.exercises) ? exerciseDatabase(resolve(directory, config.exercises)) : null,
  );
  for (const copy of plan.copies) {
    if (!existsSync(resolve(directory, copy.from))) throw new Error(`${path}: "${copy.from}" is not there (looked for ${resolve(directory, copy.from)}).`);
  }
  return { plan, directory };
}

/** The database a local exercise set names, read with the set's own parser (a set at a URL is not read at build time). */
function exerciseDatabase(path: string): ExerciseDatabase {
  if (!existsSync(path)) throw new Error(`The exercise set ${path} is not there.`);
  const outcome = parseExerciseSet(readFileSync(path, "utf8"));
  if (!outcome.ok) throw new Error(`The exercise set ${path}: ${outcome.error.message}\n${outcome.error.problems.join("\n")}`);
  return outcome.set.database;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export function courseBuild(): Plugin {
  let course: LoadedCourse | null = null;
  const fileAt = (to: string) => {
    const copy = course?.plan.copies.find((entry) => entry.to === to);
    return copy && course ? resolve(course.directory, copy.from) : null;
  };
  return {
    name: "querylab-course",
    config(config) {
      course = loadCourse(resolve(config.root ?? process.cwd()));
      return { define: { __QUERYLAB_COURSE__: JSON.stringify(course?.plan.settings ?? null) } };
    },
    transformIndexHtml(html) {
      if (!course) return html;
      return html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(course.plan.settings.title)}</title>`);
    },
    generateBundle() {
      if (!course || this.environment.config.consumer !== "client") return;
      for (const copy of course.plan.copies) this.emitFile({ type: "asset", fileName: copy.to, source: readFileSync(fileAt(copy.to)!) });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = decodeURIComponent(new URL(request.url ?? "/", "http://dev").pathname);
        const file = course ? fileAt(path.slice(server.config.base.length).replace(/^\.?\//, "")) : null;
        if (!file) return next();
        response.setHeader("content-type", "application/octet-stream");
        response.end(readFileSync(file));
      });
    },
  };
}

// The course this page was built as (scripts/vite-course.ts compiles it in from course.config.json), or null for the
// ordinary app. Compiled in rather than fetched, so the first screen waits on nothing more than an ordinary build's.
import type { CourseSettings } from "./course-config";

// Replaced by the build (Vite's define); undefined where no build ran (vitest).
declare const __QUERYLAB_COURSE__: CourseSettings | null | undefined;

export function courseSettings(): CourseSettings | null {
  return typeof __QUERYLAB_COURSE__ === "undefined" ? null : __QUERYLAB_COURSE__;
}

import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCourse } from "./vite-course";

const ROOT = resolve(import.meta.dirname, "..");

function courseFolder(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), "querylab-course-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(folder, name, ".."), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  return folder;
}

describe("loadCourse", () => {
  it("is null without a config, and names a missing one that was asked for", () => {
    expect(loadCourse(courseFolder({}), undefined)).toBeNull();
    expect(() => loadCourse(ROOT, "no/such/course.json")).toThrow("QUERYLAB_COURSE=no/such/course.json: no such file");
  });

  it("checks the samples against the repository's manifest and the files against the disk", () => {
    const folder = courseFolder({ "course.config.json": JSON.stringify({ title: "T", database: { sample: "flights" } }) });
    expect(loadCourse(ROOT, join(folder, "course.config.json"))?.plan.settings.database).toEqual({ kind: "sample", id: "flights" });
    const missing = courseFolder({ "c.json": JSON.stringify({ title: "T", database: { file: "school.sqlite" } }) });
    expect(() => loadCourse(ROOT, join(missing, "c.json"))).toThrow('"school.sqlite" is not there');
  });

  it("reads the exercise set with its own parser: the bundled Bookshop set names the bookshop sample", () => {
    const folder = courseFolder({
      "course.config.json": JSON.stringify({ title: "T", exercises: "bookshop.json", start: "exercises" }),
      "bookshop.json": readFileSync(join(ROOT, "public/exercises/bookshop.json"), "utf8"),
    });
    expect(loadCourse(ROOT, join(folder, "course.config.json"))?.plan.settings).toEqual({
      title: "T",
      database: { kind: "sample", id: "bookshop" },
      exercisesUrl: "./course/bookshop.json",
      start: "exercises",
    });
    const broken = courseFolder({
      "course.config.json": JSON.stringify({ title: "T", exercises: "set.json", start: "exercises" }),
      "set.json": JSON.stringify({ title: "S", database: "bookshop", questions: [] }),
    });
    expect(() => loadCourse(ROOT, join(broken, "course.config.json"))).toThrow(/The exercise set .*set\.json/);
  });

  it("reads the example in docs/examples/course.config.json", () => {
    expect(loadCourse(ROOT, "docs/examples/course.config.json")?.plan).toEqual({
      settings: { title: "SQL for beginners: week 1", database: { kind: "sample", id: "bookshop" }, exercisesUrl: "./course/bookshop.json", start: "app" },
      copies: [{ from: "../../public/exercises/bookshop.json", to: "course/bookshop.json" }],
    });
  });
});

import { describe, expect, it } from "vitest";
import { parseCourseConfig, planCourse } from "./course-config";

const SAMPLE_IDS = ["bookshop", "flights", "clinic"];
const parse = (value: unknown) => parseCourseConfig(JSON.stringify(value), "course.config.json");

describe("parseCourseConfig", () => {
  it("reads a complete config and defaults the start to the app", () => {
    expect(parse({ title: "SQL week 1", database: { sample: "flights" } })).toEqual({ title: "SQL week 1", database: { sample: "flights" }, start: "app" });
    expect(parse({ title: "T", database: { file: "data/school.sqlite" }, start: "embed" }).start).toBe("embed");
    expect(parse({ title: "T", exercises: "week1.json", start: "embed" }).exercises).toBe("week1.json");
    expect(parse({ title: "T", database: { sample: "bookshop" }, exercises: "week1.json" }).start).toBe("app");
  });

  it.each([
    ["not JSON", "{ title: 1", /course\.config\.json is not valid JSON/],
    ["no title", JSON.stringify({ database: { sample: "bookshop" } }), /title/],
    ["an unknown field", JSON.stringify({ title: "T", database: { sample: "bookshop" }, startScreen: "app" }), /startScreen/],
    ["two database forms", JSON.stringify({ title: "T", database: { sample: "bookshop", url: "https://x.example/a.sqlite" } }), /database/],
    ["a database URL that is not http(s)", JSON.stringify({ title: "T", database: { url: "file:///etc/passwd" } }), /database/],
    ["an unknown start", JSON.stringify({ title: "T", database: { sample: "bookshop" }, start: "benchmark" }), /start/],
    ["no database", JSON.stringify({ title: "T" }), /"database" is needed/],
    ["exercises start without a set", JSON.stringify({ title: "T", start: "exercises" }), /needs an "exercises" set/],
    [
      "exercises start with its own database",
      JSON.stringify({ title: "T", start: "exercises", exercises: "a.json", database: { sample: "bookshop" } }),
      /leave "database" out/,
    ],
    [
      "an embed start with a set and a database",
      JSON.stringify({ title: "T", start: "embed", exercises: "a.json", database: { sample: "bookshop" } }),
      /leave "database" out/,
    ],
  ])("refuses %s with a message naming it", (_case, text, message) => {
    expect(() => parseCourseConfig(text, "course.config.json")).toThrow(message);
  });
});

describe("planCourse", () => {
  it("keeps a sample and a URL as they are, and copies nothing", () => {
    expect(planCourse(parse({ title: "T", database: { sample: "clinic" } }), SAMPLE_IDS)).toEqual({
      settings: { title: "T", database: { kind: "sample", id: "clinic" }, exercisesUrl: null, start: "app" },
      copies: [],
    });
    const url = "https://data.example.org/school.sqlite";
    expect(planCourse(parse({ title: "T", database: { url }, exercises: "https://data.example.org/week1.json" }), SAMPLE_IDS).settings).toMatchObject({
      database: { kind: "url", url },
      exercisesUrl: "https://data.example.org/week1.json",
    });
  });

  it("refuses a sample that is not bundled, naming the ones that are", () => {
    expect(() => planCourse(parse({ title: "T", database: { sample: "shop" } }), SAMPLE_IDS)).toThrow(
      'no bundled sample is called "shop" (there are: bookshop, flights, clinic)',
    );
  });

  it("copies local files into course/ and opens them relative to the page", () => {
    const plan = planCourse(parse({ title: "T", database: { file: "data/my school.sqlite" }, exercises: "sets/week1.json" }), SAMPLE_IDS, {
      kind: "sample",
      name: "bookshop",
    });
    expect(plan.copies).toEqual([
      { from: "data/my school.sqlite", to: "course/my school.sqlite" },
      { from: "sets/week1.json", to: "course/week1.json" },
    ]);
    // The config's own database is the one the page opens; the set keeps naming its own.
    expect(plan.settings).toEqual({
      title: "T",
      database: { kind: "url", url: "./course/my%20school.sqlite" },
      exercisesUrl: "./course/week1.json",
      start: "app",
    });
  });

  it("takes an exercise set's database as the course's, copying a relative one to the same place beside the set", () => {
    const config = parse({ title: "T", exercises: "sets/week1.json", start: "exercises" });
    expect(planCourse(config, SAMPLE_IDS, { kind: "path", path: "./data/shop.sqlite" })).toEqual({
      settings: { title: "T", database: { kind: "url", url: "./course/data/shop.sqlite" }, exercisesUrl: "./course/week1.json", start: "exercises" },
      copies: [
        { from: "sets/week1.json", to: "course/week1.json" },
        { from: "sets/data/shop.sqlite", to: "course/data/shop.sqlite" },
      ],
    });
    expect(planCourse(config, SAMPLE_IDS, { kind: "sample", name: "flights" }).settings.database).toEqual({ kind: "sample", id: "flights" });
    expect(() => planCourse(config, SAMPLE_IDS, { kind: "sample", name: "shop" })).toThrow("the exercise set's database");
    expect(() => planCourse(config, SAMPLE_IDS, { kind: "path", path: "../shop.sqlite" })).toThrow("beside the set or in a folder below it");
  });

  it("refuses two files that would land on the same name", () => {
    expect(() =>
      planCourse(parse({ title: "T", database: { file: "a/week1.json" }, exercises: "b/week1.json" }), SAMPLE_IDS, { kind: "sample", name: "bookshop" }),
    ).toThrow("Two files would be copied to course/week1.json");
  });
});

import { describe, expect, it } from "vitest";
import { addressableDatabase, addressWithCourseExercises, fullAppAddress, readStartAddress, startsEmbedded } from "./page-address";

const page = (query: string) => new URL(`https://course.example.org/sql/${query}`);
const SAMPLES = [
  { id: "bookshop", title: "Bookshop" },
  { id: "flights", title: "Flights" },
];
const fileName = (url: string) => new URL(url, "https://course.example.org/sql/").pathname.split("/").pop()!;

describe("the start address", () => {
  it("reads embed, the database and the question", () => {
    expect(readStartAddress(page("?embed=1&sample=flights&question=Which%20airline%3F"))).toEqual({
      embed: true,
      database: { kind: "sample", id: "flights" },
      question: "Which airline?",
    });
    expect(readStartAddress(page(""))).toEqual({ embed: null, database: null, question: null });
    expect(readStartAddress(page("?embed=0&question=%20%20")).embed).toBe(false);
    expect(readStartAddress(page("?embed=0&question=%20%20")).question).toBeNull();
  });

  it("prefers ?db= to ?sample=", () => {
    expect(readStartAddress(page("?sample=flights&db=https://data.example.org/x.sqlite")).database).toEqual({
      kind: "url",
      url: "https://data.example.org/x.sqlite",
    });
  });

  it("embeds when the address says so, else when the course starts embedded", () => {
    expect(startsEmbedded(readStartAddress(page("?embed=1")), null)).toBe(true);
    expect(startsEmbedded(readStartAddress(page("")), "embed")).toBe(true);
    expect(startsEmbedded(readStartAddress(page("?embed=0")), "embed")).toBe(false);
    expect(startsEmbedded(readStartAddress(page("")), "app")).toBe(false);
  });
});

describe("the full app's address (Open in QueryLab)", () => {
  it("keeps the path and other parameters, drops embed, and names the database and question", () => {
    const address = fullAppAddress(page("?embed=1&sample=bookshop&lang=de#x"), { kind: "sample", id: "flights" }, " Which airline? ", false);
    expect(address).toBe("https://course.example.org/sql/?lang=de&sample=flights&question=Which+airline%3F");
  });

  it("says embed=0 where the build starts embedded, and leaves out what it cannot name", () => {
    expect(fullAppAddress(page("?db=x.sqlite"), null, "", true)).toBe("https://course.example.org/sql/?embed=0");
    expect(fullAppAddress(page(""), { kind: "url", url: "./course/school.sqlite" }, "", false)).toBe(
      "https://course.example.org/sql/?db=.%2Fcourse%2Fschool.sqlite",
    );
  });

  it("names a sample by its id and a URL database only when it is the one the page started with", () => {
    expect(addressableDatabase({ source: "sample", name: "Flights" }, SAMPLES, null, fileName)).toEqual({ kind: "sample", id: "flights" });
    const started = { kind: "url" as const, url: "./course/school.sqlite" };
    expect(addressableDatabase({ source: "url", name: "school.sqlite" }, SAMPLES, started, fileName)).toEqual(started);
    expect(addressableDatabase({ source: "url", name: "other.sqlite" }, SAMPLES, started, fileName)).toBeNull();
    expect(addressableDatabase({ source: "file", name: "school.sqlite" }, SAMPLES, started, fileName)).toBeNull();
    expect(addressableDatabase(null, SAMPLES, started, fileName)).toBeNull();
  });
});

describe("a course's exercise set in the address", () => {
  const course = { start: "exercises" as const, exercisesUrl: "./course/week%201.json" };
  it("is added when the course starts on its exercises or embedded and the address has no set", () => {
    expect(addressWithCourseExercises(page("?x=1"), course)).toBe("https://course.example.org/sql/?x=1&exercises=.%2Fcourse%2Fweek%25201.json");
    expect(addressWithCourseExercises(page(""), { ...course, start: "embed" })).toBe("https://course.example.org/sql/?exercises=.%2Fcourse%2Fweek%25201.json");
    expect(addressWithCourseExercises(page("?exercises=other.json"), course)).toBeNull();
    expect(addressWithCourseExercises(page(""), { ...course, exercisesUrl: null })).toBeNull();
    expect(addressWithCourseExercises(page(""), { ...course, start: "app" })).toBeNull();
    expect(addressWithCourseExercises(page(""), null)).toBeNull();
  });
});

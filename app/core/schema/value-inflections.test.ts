// Stored values named in another form of their words: a phrase with its last word inflected, a word with another ending.
import { describe, expect, it } from "vitest";
import { ValueIndex } from "./value-index";

describe("stored values named in another form", () => {
  it("matches a stored phrase whose last word the question inflects, as strongly as an anchor", () => {
    const index = new ValueIndex([
      { table: "fare_types", column: "fare_name", values: ["Annual pass", "Single ride", "Day pass"] },
      { table: "job_titles", column: "title", values: ["Software Engineer", "Data Analyst"] },
    ]);
    expect(index.match("How much money did annual passes bring in?", "english")[0]).toMatchObject({
      column: "fare_name",
      value: "Annual pass",
      kind: "exact",
    });
    expect(index.match("How much money did annual passes bring in?", "english")[0]!.score).toBeGreaterThanOrEqual(0.5);
    expect(index.match("Which software engineers earn most?", "english")[0]).toMatchObject({ value: "Software Engineer", kind: "exact" });
  });

  it("does not cut a phrase's last word to a stem too short, nor match a phrase two columns store", () => {
    const index = new ValueIndex([
      { table: "a", column: "x", values: ["Day pa"] },
      { table: "b", column: "y", values: ["Gold card"] },
      { table: "c", column: "z", values: ["Gold card"] },
    ]);
    // "passes" would have to lose 4 letters to become "pa".
    expect(index.match("day passes", "english").filter((match) => match.kind === "exact")).toEqual([]);
    expect(index.match("gold cards", "english").filter((match) => match.kind === "exact")).toEqual([]);
  });

  it("matches a stored word the question names with another ending of the same long stem, weakly", () => {
    const index = new ValueIndex([{ table: "departments", column: "name", values: ["Cardiology", "Dermatology", "Oncology"] }]);
    const [match] = index.match("Which medications have dermatologists prescribed?", "english");
    expect(match).toMatchObject({ table: "departments", column: "name", value: "Dermatology", kind: "part" });
    expect(match!.score).toBeLessThan(0.5);
    // A short shared beginning is not a stem: 'Oncology' and "once" share four letters.
    expect(index.match("Which doctors worked once?", "english")).toEqual([]);
  });

  it("matches a stored word the question clips, weakly, and only when the clipping names one word that is not a compound or a suffix away", () => {
    const index = new ValueIndex([
      { table: "teachers", column: "subject_area", values: ["Mathematics", "History", "Information Technology"] },
      { table: "departments", column: "name", values: ["Marketing", "Kundenservice", "Statistics", "Stationery"] },
      { table: "stops", column: "name", values: ["Market St", "Service"] },
    ]);
    const [maths] = index.match("Who teaches maths at Grant?", "english");
    expect(maths).toMatchObject({ table: "teachers", column: "subject_area", value: "Mathematics", kind: "part" });
    expect(maths!.score).toBeLessThan(0.5);
    expect(index.match("Mathe und Info", "german").map((match) => match.value)).toEqual(["Mathematics"]);
    // "market" is a stored word and 'Marketing' only a suffix away; 'Kundenservice' is "kunden" and a stored word (a
    // compound, not a clipping); "stat" begins two stored words.
    expect(index.match("Which market?", "english").filter((match) => match.value === "Marketing")).toEqual([]);
    expect(index.match("Welche Kunden?", "german")).toEqual([]);
    expect(index.match("Which stats?", "english")).toEqual([]);
  });

  it("finds values added after a first question", () => {
    const index = new ValueIndex();
    const column = index.addColumn("departments", "name");
    index.addValues(column, ["Oncology"]);
    index.finishColumn(column);
    expect(index.match("How many cardiologists are there?", "english")).toEqual([]);
    const more = index.addColumn("specialties", "name");
    index.addValues(more, ["Cardiology"]);
    index.finishColumn(more);
    expect(index.match("How many cardiologists are there?", "english")[0]).toMatchObject({ value: "Cardiology" });
  });
});

// Country codes named by country names: a question's "Schweiz" or "Spain" finds the column that stores 'CH' or 'ES', in the question's language and English.
import { describe, expect, it } from "vitest";
import { isRegionCode, regionNames } from "./region-codes";
import { ValueIndex } from "./value-index";

describe("region codes", () => {
  it("knows country codes, not other two-letter codes", () => {
    expect(isRegionCode("CH")).toBe(true);
    expect(isRegionCode("GK")).toBe(false);
    expect(isRegionCode("UN")).toBe(false);
    expect(isRegionCode("ch")).toBe(false);
    expect(regionNames("AT", "german")).toEqual(expect.arrayContaining(["Austria", "Österreich"]));
  });

  it("matches a country named in the question's language to the column storing its code", () => {
    const index = new ValueIndex([
      { table: "staedte", column: "land", values: ["DE", "AT", "CH", "ES", "IT"] },
      { table: "staedte", column: "name", values: ["Basel", "Wien", "Lindau"] },
    ]);
    const [first] = index.match("Wie viele Kunden aus der Schweiz haben einen Vertrag?", "german");
    expect(first).toMatchObject({ table: "staedte", column: "land", value: "CH", kind: "exact" });
    expect(first!.score).toBeGreaterThanOrEqual(0.5);
    // English names count too, whatever the question's language.
    expect(index.match("customers in Austria", "english")[0]).toMatchObject({ column: "land", value: "AT" });
  });

  it("leaves columns of other short codes alone, even when their codes spell countries", () => {
    const index = new ValueIndex([
      { table: "doctors", column: "credential", values: ["MD", "DO"] },
      { table: "leave", column: "leave_type", values: ["AN", "PA", "SK", "UN"] },
      { table: "players", column: "position", values: ["GK", "DF", "MF", "FW", "Goalkeeper"] },
    ]);
    // No country match ("exact"); a long word spelling a code may still be a weak abbreviation guess ("word").
    expect(index.match("How many people from Moldova, Panama or Slovakia?", "english").filter((match) => match.kind === "exact")).toEqual([]);
  });
});

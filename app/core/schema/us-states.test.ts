// US state codes named by state names: a question's "Texas" finds the column that stores 'TX', beside country codes.
import { describe, expect, it } from "vitest";
import { isUsStateCode, usStateNames } from "./us-states";
import { ValueIndex } from "./value-index";

describe("US state codes", () => {
  it("knows the 50 states and DC by their postal codes", () => {
    expect(isUsStateCode("TX")).toBe(true);
    expect(isUsStateCode("DC")).toBe(true);
    expect(isUsStateCode("tx")).toBe(false);
    expect(isUsStateCode("XX")).toBe(false);
    expect(isUsStateCode("toString")).toBe(false);
    expect(usStateNames("OR")).toEqual(["Oregon"]);
    expect(usStateNames("constructor")).toEqual([]);
  });

  it("matches a state named in the question to the column storing its code, as an anchor", () => {
    const index = new ValueIndex([
      { table: "stores", column: "state", values: ["TX", "OR", "WA", "MA"] },
      { table: "stores", column: "city", values: ["Austin", "Portland", "Seattle", "Boston"] },
    ]);
    const [first] = index.match("Who manages our bookstores in Texas?", "english");
    expect(first).toMatchObject({ table: "stores", column: "state", value: "TX", kind: "exact" });
    expect(first!.score).toBeGreaterThanOrEqual(0.5);
    // Two words: "New York" → 'NY' only when the column holds it.
    expect(index.match("stores in New York", "english").filter((match) => match.column === "state")).toEqual([]);
  });

  it("leaves columns of other two-letter codes alone", () => {
    const index = new ValueIndex([
      { table: "leave", column: "leave_type", values: ["AN", "PA", "SK", "UN"] },
      { table: "flights", column: "status", values: ["OK", "DL", "CX", "Delayed"] },
    ]);
    expect(index.match("How many people live in Pennsylvania or Oklahoma?", "english").filter((match) => match.kind === "exact")).toEqual([]);
  });
});

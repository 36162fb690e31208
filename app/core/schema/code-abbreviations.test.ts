// Short stored codes matched by the words they abbreviate ("goalkeepers" → 'GK'), only in columns of nothing but codes, and weakly.
import { describe, expect, it } from "vitest";
import { ValueIndex } from "./value-index";

describe("short codes by the words they abbreviate", () => {
  it("matches a long question word to the one code it spells, weaker than a value named", () => {
    const index = new ValueIndex([{ table: "players", column: "pos", values: ["GK", "DF", "MF", "FW"] }]);
    const [match] = index.match("How many goalkeepers are there?", "english");
    expect(match).toMatchObject({ table: "players", column: "pos", value: "GK", kind: "word" });
    expect(match!.score).toBeLessThan(0.5);
    expect(index.match("Which midfielders scored?", "english")[0]).toMatchObject({ value: "MF" });
  });

  it("leaves columns that hold more than codes, short words, and words spelling several codes alone", () => {
    const mixed = new ValueIndex([{ table: "players", column: "pos", values: ["GK", "Defender"] }]);
    expect(mixed.match("How many goalkeepers are there?", "english")).toEqual([]);
    const codes = new ValueIndex([{ table: "tickets", column: "fare", values: ["AD", "AP", "SN"] }]);
    // "gold" is too short to be read as a long form; "adapted" spells both 'AD' and 'AP'.
    expect(codes.match("gold adapted", "english")).toEqual([]);
  });
});

// splitIdentifier's shortcut for ASCII names and its memory of names split: the same words as the Unicode rules.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { splitIdentifier } from "./text-terms";

/** The rules as first written, for any script (the reference). */
function referenceSplit(name: string): string[] {
  const spaced = name
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/(\p{L})(\p{N})/gu, "$1 $2")
    .replace(/(\p{N})(\p{L})/gu, "$1 $2");
  return spaced.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

describe("splitIdentifier", () => {
  it("splits random ASCII names as the Unicode rules do", () => {
    const random = seededRandom(61206);
    const alphabet = "abcXYZ019_- .$\t\u0001";
    for (let trial = 0; trial < 2000; trial += 1) {
      const name = Array.from({ length: 1 + Math.floor(random() * 14) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
      expect(splitIdentifier(name), JSON.stringify(name)).toEqual(referenceSplit(name));
    }
  });

  it("splits names in other scripts by the Unicode rules, and gives a name split before the same words", () => {
    for (const name of ["KundenNr2Straße", "ÉtatCivil_été", "名前ID", "заказ_2024Дата", "ΑριθμόςΠελάτη"]) {
      expect(splitIdentifier(name)).toEqual(referenceSplit(name));
      expect(splitIdentifier(name)).toEqual(referenceSplit(name));
    }
    expect(splitIdentifier("HTMLParser2")).toEqual(["HTML", "Parser", "2"]);
    expect(Object.isFrozen(splitIdentifier("order_items"))).toBe(true);
  });
});

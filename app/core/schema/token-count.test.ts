// The estimate reads characters one by one; here it is held to the pieces the regular expression it replaced cuts.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../seeded-random";
import { estimateTokens } from "./token-count";

/** The estimate as first written: the pieces matched out, then each classified by another expression. */
function estimateByPieces(text: string): number {
  let tokens = 0;
  for (const piece of text.match(/\p{L}+|\p{N}+|[^\s\p{L}\p{N}]/gu) ?? []) {
    if (/^\p{N}/u.test(piece)) tokens += Math.ceil(piece.length / 3);
    else if (/^\p{L}/u.test(piece)) tokens += /^[a-z]+$/i.test(piece) ? Math.max(1, Math.ceil((piece.length - 2) / 6)) : Math.ceil(piece.length / 2);
    else tokens += 1;
  }
  return tokens;
}

// ASCII letters, digits, spaces and marks; letters, numbers and spaces beyond ASCII; letters and a symbol beyond the
// 16-bit range (two UTF-16 units); a combining mark; lone surrogates; a zero-width space.
const CHARACTERS = [..."aZq07_ \n\t-(,.;'\"éßÄ²½٣日本ｱⅫ\u00a0\u2003\u0301\u200b", "😀", "𝒜", "\ud800", "\udc00"];

describe("estimateTokens", () => {
  it("counts as the pieces of the regular expression do, on random text of every kind of character", () => {
    const random = seededRandom(20261207);
    for (let trial = 0; trial < 20_000; trial += 1) {
      let text = "";
      const length = Math.floor(random() * 40);
      for (let index = 0; index < length; index += 1) text += CHARACTERS[Math.floor(random() * CHARACTERS.length)];
      expect(estimateTokens(text), JSON.stringify(text)).toBe(estimateByPieces(text));
    }
  });

  it("counts schema text as before", () => {
    const text = `CREATE TABLE "Straßen" (id INTEGER PRIMARY KEY, name TEXT, länge_km REAL); -- e.g. 'Hauptstraße', 12.5, 2024-01-31\n`;
    expect(estimateTokens(text)).toBe(estimateByPieces(text));
    expect(estimateTokens("customer_id")).toBe(3);
    expect(estimateTokens("")).toBe(0);
  });
});

// The language stemmers as ranking uses them: German feminine plurals meet the form a schema names.
import { describe, expect, it } from "vitest";
import { loadStemmer } from "./stemmers";

describe("loadStemmer", () => {
  it("stems a German feminine plural (-innen) like the noun a schema names", async () => {
    const stem = await loadStemmer("german");
    expect(stem("kundinnen")).toBe(stem("kunden"));
    expect(stem("mitarbeiterinnen")).toBe(stem("mitarbeiter"));
    // A singular "-in" is left to Snowball: it ends too many other words.
    expect(stem("benzin")).toBe("benzin");
  });

  it("leaves words that are not lower-case letters whole", async () => {
    const stem = await loadStemmer("german");
    expect(stem("A1b")).toBe("A1b");
  });
});

// Language-aware stemming: the language told from function words, its Snowball stemmer used in ranking, its stoplist kept out of matching.
import { describe, expect, it } from "vitest";
import type { DatabaseSchema } from "../db/types";
import { degreeWords, detectLanguage, stopwords } from "./language";
import { SchemaRetriever } from "./schema-retriever";
import { loadStemmer } from "./stemmers";
import { stemWord, textWords } from "./text-terms";
import { ValueIndex } from "./value-index";

const column = (name: string, primaryKeyPosition = 0) => ({ name, type: "TEXT", notNull: false, defaultValue: null, primaryKeyPosition, comment: null });
const SCHEMA: DatabaseSchema = {
  tables: [
    {
      name: "kunden",
      kind: "table",
      rowCount: 0,
      sql: "",
      foreignKeys: [],
      indexes: [],
      columns: [column("kunden_id", 1), column("nachname"), column("wohnort")],
    },
    { name: "bestellung", kind: "table", rowCount: 0, sql: "", foreignKeys: [], indexes: [], columns: [column("bestell_id", 1), column("betrag")] },
    { name: "lieferant", kind: "table", rowCount: 0, sql: "", foreignKeys: [], indexes: [], columns: [column("lieferant_id", 1), column("firma")] },
  ],
};

describe("language", () => {
  it("tells the language of a question by its function words, and none from names alone", () => {
    expect(detectLanguage(textWords("Wie viele Kunden wohnen in München?"))).toBe("german");
    expect(detectLanguage(textWords("How many customers live in the city?"))).toBe("english");
    expect(detectLanguage(textWords("Hoeveel klanten wonen er in Utrecht?"))).toBe("dutch");
    expect(detectLanguage(textWords("Combien de clients habitent dans la ville de Lyon ?"))).toBe("french");
    expect(detectLanguage(textWords("Paris flights"))).toBeNull();
    // The schema's words tip a question with few function words.
    expect(detectLanguage(textWords("Kunden in Berlin"), textWords("Die Tabelle der Kunden und ihre Wohnorte, mit der Anzahl der Bestellungen"))).toBe(
      "german",
    );
  });

  it("stems by the language's Snowball rules where the built-in English stemmer does not", async () => {
    const german = await loadStemmer("german");
    expect(german("kunden")).toBe(german("kunde"));
    expect(german("bestellungen")).toBe(german("bestellung"));
    expect(stemWord("kunden")).not.toBe(stemWord("kunde"));
    const english = await loadStemmer("english");
    expect(english("publishers")).toBe(english("publisher"));
  });

  it("ranks with the detected language's stemmer, and keeps its function words out of the ranking", async () => {
    const retriever = new SchemaRetriever({ schema: SCHEMA });
    const scores = await retriever.score("Welche Bestellungen hat der Kunde aufgegeben?");
    expect(scores.language).toBe("german");
    // Bestellungen → bestell (German Snowball) meets the table bestellung exactly, not only as a sub-word.
    expect(scores.stages[retriever.tableUnit("bestellung")!]!.lexical).toBe(1);
    expect(scores.stages[retriever.tableUnit("kunden")!]!.lexical).toBeGreaterThan(0);
    expect(stopwords("german").has("der")).toBe(true);
    expect(stopwords("english").has("der")).toBe(false);
  });
  it("does not read the measure a 'how' asks for as a stored value ('Wie hoch' is not the priority 'hoch')", () => {
    expect(degreeWords(textWords("Wie hoch war der Verbrauch?"), "german")).toEqual(["hoch"]);
    expect(degreeWords(textWords("How long did repairs take?"), "english")).toEqual(["long"]);
    const index = new ValueIndex([{ table: "meldungen", column: "prioritaet", values: ["hoch", "mittel", "niedrig"] }]);
    expect(index.match("Wie hoch war der Verbrauch im Jahr 2024?", "german")).toEqual([]);
    // Named as a filter elsewhere in the question, it still matches.
    expect(index.match("Wie viele Meldungen hatten die Priorität hoch?", "german")[0]).toMatchObject({ column: "prioritaet", value: "hoch" });
  });
});

// The settings suggest a multilingual embedding model when the question or the schema is not in English.
import { describe, expect, it } from "vitest";
import type { ColumnInfo, DatabaseSchema, TableInfo } from "../db/types";
import { embeddingLanguageAdvice, schemaWords } from "./embedding-language-advice";
import { DEFAULT_EMBEDDING_SETTINGS, isMultilingualModel, MULTILINGUAL_EMBEDDING_MODEL } from "./embedding-settings";

function table(name: string, columns: Array<[string, string | null]>): TableInfo {
  const infos: ColumnInfo[] = columns.map(([column, comment], index) => ({
    name: column,
    type: "TEXT",
    notNull: false,
    defaultValue: null,
    primaryKeyPosition: index === 0 ? 1 : 0,
    comment,
  }));
  return { name, kind: "table", rowCount: 1, columns: infos, foreignKeys: [], indexes: [], sql: "" };
}

const ENGLISH: DatabaseSchema = {
  tables: [
    table("customers", [
      ["customer_id", "Unique identifier of the customer"],
      ["city", "The city where the customer lives"],
    ]),
  ],
};
const GERMAN: DatabaseSchema = {
  tables: [
    table("kunden", [
      ["kunde_id", "Die Nummer des Kunden"],
      ["stadt", "Die Stadt, in der der Kunde wohnt"],
      ["tarif", "Der Tarif, den der Kunde mit dem Vertrag hat"],
    ]),
  ],
};
/** Names only, no comments: nothing in it tells a language. */
const GERMAN_NAMES_ONLY: DatabaseSchema = {
  tables: [
    table("kunden", [
      ["kunde_id", null],
      ["stadt", null],
    ]),
  ],
};

const englishModel = DEFAULT_EMBEDDING_SETTINGS;

describe("embeddingLanguageAdvice", () => {
  it("suggests the multilingual model for a German question, whatever the schema", () => {
    for (const schema of [ENGLISH, GERMAN_NAMES_ONLY, null]) {
      expect(embeddingLanguageAdvice({ question: "Wie viele Kunden wohnen in der Stadt Berlin?", schema, settings: englishModel })).toEqual({
        language: "german",
        source: "question",
        model: MULTILINGUAL_EMBEDDING_MODEL,
      });
    }
    expect(embeddingLanguageAdvice({ question: "Hoeveel klanten wonen er in de stad?", schema: null, settings: englishModel })?.language).toBe("dutch");
  });

  it("suggests it for a schema described in German even when the question is in English", () => {
    expect(embeddingLanguageAdvice({ question: "How many customers live in Berlin?", schema: GERMAN, settings: englishModel })).toEqual({
      language: "german",
      source: "schema",
      model: MULTILINGUAL_EMBEDDING_MODEL,
    });
    expect(embeddingLanguageAdvice({ question: "", schema: GERMAN, settings: englishModel })?.source).toBe("schema");
  });

  it("says nothing for English, for what it cannot tell, or when the model is multilingual already", () => {
    expect(embeddingLanguageAdvice({ question: "How many customers live in each city?", schema: ENGLISH, settings: englishModel })).toBeNull();
    expect(embeddingLanguageAdvice({ question: "kunden stadt", schema: GERMAN_NAMES_ONLY, settings: englishModel })).toBeNull();
    expect(embeddingLanguageAdvice({ question: "", schema: null, settings: englishModel })).toBeNull();
    expect(
      embeddingLanguageAdvice({
        question: "Wie viele Kunden gibt es?",
        schema: GERMAN,
        settings: { enabled: true, model: "Xenova/paraphrase-multilingual-MiniLM-L12-v2" },
      }),
    ).toBeNull();
    expect(
      embeddingLanguageAdvice({ question: "Wie viele Kunden gibt es?", schema: GERMAN, settings: { enabled: true, model: MULTILINGUAL_EMBEDDING_MODEL } }),
    ).toBeNull();
  });

  it("suggests turning a model on when it is off", () => {
    expect(
      embeddingLanguageAdvice({
        question: "Wie viele Kunden gibt es in der Stadt?",
        schema: null,
        settings: { enabled: false, model: MULTILINGUAL_EMBEDDING_MODEL },
      }),
    ).toMatchObject({
      model: MULTILINGUAL_EMBEDDING_MODEL,
    });
  });
});

describe("isMultilingualModel and schemaWords", () => {
  it("knows the suggested models and tells others by name", () => {
    expect(isMultilingualModel("Xenova/all-MiniLM-L6-v2")).toBe(false);
    expect(isMultilingualModel("Xenova/bge-small-en-v1.5")).toBe(false);
    expect(isMultilingualModel(MULTILINGUAL_EMBEDDING_MODEL)).toBe(true);
    expect(isMultilingualModel("Xenova/LaBSE")).toBe(true);
    expect(isMultilingualModel("querylab/tiny-embed")).toBe(false);
  });

  it("reads names and comments as folded words, bounded", () => {
    expect(schemaWords(GERMAN).slice(0, 6)).toEqual(["kunden", "kunde", "id", "die", "nummer", "des"]);
    const huge: DatabaseSchema = { tables: Array.from({ length: 2000 }, (_, index) => table(`t${index}`, [["a_b_c", "one two three"]])) };
    expect(schemaWords(huge)).toHaveLength(5000);
  });
});

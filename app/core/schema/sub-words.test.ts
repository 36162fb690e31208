// Sub-word matching: German compounds and inflections meet the schema's own words, weighed below an exact match, named as "sub-word".
import { describe, expect, it } from "vitest";
import type { DatabaseSchema, TableInfo } from "../db/types";
import { SchemaRetriever } from "./schema-retriever";
import { isSubwordOf, SubwordVocabulary } from "./sub-words";
import { contributingStages, fuseUnit } from "./fusion";

function table(name: string, columns: string[]): TableInfo {
  return {
    name,
    kind: "table",
    columns: columns.map((column, index) => ({
      name: column,
      type: "TEXT",
      notNull: false,
      defaultValue: null,
      primaryKeyPosition: index === 0 ? 1 : 0,
      comment: null,
    })),
    foreignKeys: [],
    indexes: [],
    rowCount: 0,
    sql: "",
  };
}

const SCHEMA: DatabaseSchema = {
  tables: [
    table("kunde", ["kunde_id", "vorname", "nachname", "geburtsdatum"]),
    table("stadt", ["stadt_id", "bezeichnung", "einwohner"]),
    table("produkt", ["produkt_id", "bezeichnung", "durchschnittspreis", "gewicht"]),
    table("lager", ["lager_id", "standort", "kapazitaet"]),
  ],
};

describe("sub-words", () => {
  it("joins compounds and inflected forms by their edges, not by short or inner pieces", () => {
    expect(isSubwordOf("durchschnittspreis", "preis")).toBe(true); // a compound's head
    expect(isSubwordOf("kunden", "kunde")).toBe(true); // an inflection
    expect(isSubwordOf("stadten", "stadt")).toBe(true); // Städten, folded
    expect(isSubwordOf("bestellungen", "bestellt")).toBe(true); // a long shared beginning
    expect(isSubwordOf("kunde", "kunde")).toBe(false); // the same word is an exact match, not a sub-word
    expect(isSubwordOf("separated", "rate")).toBe(false); // inside, not at an edge
    expect(isSubwordOf("orte", "ort")).toBe(false); // too short to say anything
    expect(isSubwordOf("custody", "customer")).toBe(false); // a shared beginning too short a share of the words
  });

  it("splits an identifier into the parts the schema itself names, and finds the schema words a question word holds", () => {
    const vocabulary = new SubwordVocabulary(["kunde", "preis", "durchschnittspreis", "datum", "geburtsdatum", "id"]);
    expect(vocabulary.compoundParts("geburtsdatum")).toEqual(["datum"]);
    expect(vocabulary.compoundParts("kunde")).toEqual([]);
    expect(vocabulary.related("kunden")).toEqual(["kunde"]);
    expect(vocabulary.related("preise")).toEqual(expect.arrayContaining(["preis"]));
    expect(vocabulary.related("stuckpreis")).toEqual(["preis"]);
  });

  it("ranks the column a German compound or inflection names, as a sub-word match weaker than an exact one", async () => {
    const retriever = new SchemaRetriever({ schema: SCHEMA });
    const compound = await retriever.score("Welches Produkt hat den höchsten Preis?");
    const preis = compound.stages[retriever.columnUnit("produkt", "durchschnittspreis")!];
    expect(preis.subword).toBeGreaterThan(0);
    expect(contributingStages(preis)).toContain("sub-word");
    const exact = await retriever.score("Welches Produkt hat den höchsten Durchschnittspreis?");
    const exactPreis = exact.stages[retriever.columnUnit("produkt", "durchschnittspreis")!];
    expect(fuseUnit(exactPreis)).toBeGreaterThan(fuseUnit(preis));

    // "Städten" is stadt inflected (the German stemmer's match); "Einwohnerzahl" holds einwohner (a sub-word match).
    const inflected = await retriever.score("Welche Städten haben die größte Einwohnerzahl?");
    const tableScores = SCHEMA.tables.map((entry) => ({ table: entry.name, score: fuseUnit(inflected.stages[retriever.tableUnit(entry.name)!]!) }));
    expect(tableScores.sort((a, b) => b.score - a.score)[0]!.table).toBe("stadt");
    const einwohner = inflected.stages[retriever.columnUnit("stadt", "einwohner")!]!;
    expect(einwohner.subword).toBeGreaterThan(0);
    expect(fuseUnit(einwohner)).toBeGreaterThan(fuseUnit(inflected.stages[retriever.columnUnit("stadt", "bezeichnung")!]!));
  });
});

// e5-family models get "query: " and "passage: " before the texts the retriever embeds; other models get the texts as they are.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseSchema } from "../db/types";
import { isE5Model, passageInput, queryInput } from "./embedding-prefixes";
import { SchemaRetriever } from "./schema-retriever";
import { createTransformersEmbedder, type LoadedEmbedder } from "./text-embedder";
import type { TextEmbedder } from "./types";

const MODELS = fileURLToPath(new URL("../../../test-models/", import.meta.url));

const SCHEMA: DatabaseSchema = {
  tables: [
    {
      name: "kunden",
      kind: "table",
      rowCount: 2,
      sql: "",
      columns: [
        { name: "kunde_id", type: "INTEGER", notNull: false, defaultValue: null, primaryKeyPosition: 1, comment: null },
        { name: "stadt", type: "TEXT", notNull: false, defaultValue: null, primaryKeyPosition: 0, comment: null },
      ],
      foreignKeys: [],
      indexes: [],
    },
  ],
};

let tiny: LoadedEmbedder;

beforeAll(async () => {
  tiny = await createTransformersEmbedder({ model: "querylab/tiny-embed", localModelPath: MODELS, allowRemoteModels: false });
});
afterAll(async () => {
  await tiny?.dispose();
});

/** The tiny model under another name, recording every text it is given. */
function recording(modelId: string): TextEmbedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    modelId,
    texts,
    embed(batch) {
      texts.push(...batch);
      return tiny.embed(batch);
    },
  };
}

describe("e5 prefixes", () => {
  it("tells the e5 family by its name", () => {
    for (const id of ["Xenova/multilingual-e5-small", "intfloat/e5-base-v2", "Xenova/e5-small-v2", "querylab/tiny-e5", "E5-large"])
      expect(isE5Model(id), id).toBe(true);
    for (const id of [
      "Xenova/all-MiniLM-L6-v2",
      "Xenova/bge-small-en-v1.5",
      "querylab/tiny-embed",
      "Xenova/paraphrase-multilingual-MiniLM-L12-v2",
      "model-e50",
    ])
      expect(isE5Model(id), id).toBe(false);
    expect(queryInput("Xenova/multilingual-e5-small", "Wie viele Kunden?")).toBe("query: Wie viele Kunden?");
    expect(passageInput("Xenova/multilingual-e5-small", "table kunden")).toBe("passage: table kunden");
    expect(queryInput("Xenova/all-MiniLM-L6-v2", "How many?")).toBe("How many?");
  });

  it("the retriever gives an e5 model its prefixes: passages for the schema's units, query for the question", async () => {
    const retriever = new SchemaRetriever({ schema: SCHEMA });
    const e5 = recording("querylab/tiny-e5");
    const scores = await retriever.score("In welcher Stadt wohnen die Kunden?", e5);
    expect(scores.denseUsed).toBe(true);
    expect(e5.texts).toHaveLength(retriever.units.length + 1);
    expect(e5.texts.slice(0, -1)).toEqual(retriever.units.map((unit) => `passage: ${unit.text}`));
    expect(e5.texts.at(-1)).toBe("query: In welcher Stadt wohnen die Kunden?");
    // The vectors are the model's for the prefixed texts.
    expect(scores.stages.every((stage) => stage.dense !== undefined && Number.isFinite(stage.dense))).toBe(true);
  });

  it("another model reads the texts as they are", async () => {
    const retriever = new SchemaRetriever({ schema: SCHEMA });
    const plain = recording("querylab/tiny-embed");
    await retriever.score("Which city?", plain);
    expect(plain.texts).toEqual([...retriever.units.map((unit) => unit.text), "Which city?"]);
    expect(plain.texts.some((text) => /^(query|passage): /.test(text))).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { DEFAULT_EMBEDDING_SETTINGS } from "../../core/schema/embedding-settings";
import { downloadSizeText, embeddingStatusText, rankingNote } from "./embedding-status-text";

describe("embedding status text", () => {
  it("states a suggested model's size and says 'size unknown' for any other", () => {
    expect(downloadSizeText("Xenova/all-MiniLM-L6-v2")).toBe("about 23 MB");
    expect(downloadSizeText("someone/own-model")).toBe("size unknown");
  });

  it("gives bytes while loading and the device once ready", () => {
    const loading = { state: "loading", progress: 0.5, loaded: 12 * 1024 ** 2, total: 24 * 1024 ** 2, file: "" } as const;
    expect(embeddingStatusText(loading, DEFAULT_EMBEDDING_SETTINGS)).toBe("Loading the embedding model Xenova/all-MiniLM-L6-v2… 50% (12.0 MB of 24.0 MB)");
    const ready = { state: "ready", modelId: "m", dimensions: 384, device: "wasm", loadMs: 812.4 } as const;
    expect(embeddingStatusText(ready, DEFAULT_EMBEDDING_SETTINGS)).toBe("Embedding model ready: m, 384 dimensions, on WASM (loaded in 812 ms).");
  });

  it("a question ranked while the model loaded does not say 'still loading' once the model is ready", () => {
    const stale = "The embedding model is still loading (12%); this question was ranked by names, descriptions and values only.";
    const ready = { state: "ready", modelId: "m", dimensions: 384, device: "wasm", loadMs: 1 } as const;
    expect(rankingNote(stale, ready)).not.toMatch(/still loading/);
    expect(rankingNote(stale, ready)).toMatch(/before the embedding model was ready/);
    expect(rankingNote(undefined, ready)).toBeNull();
  });

  it("a question ranked while a large schema was being embedded says so, and how far it had come, with the model ready", async () => {
    const { denseForQuestion } = await import("../../core/schema/dense-readiness");
    const { SchemaRetriever } = await import("../../core/schema/schema-retriever");
    const schema = {
      tables: Array.from({ length: 30 }, (_unused, index) => ({
        name: `t${index}`,
        kind: "table" as const,
        rowCount: 1,
        columns: [{ name: "id", type: "INTEGER", notNull: false, defaultValue: null, primaryKeyPosition: 1, comment: null }],
        foreignKeys: [],
        indexes: [],
        sql: "",
      })),
    };
    const embedder = { modelId: "m", embed: () => new Promise<Float32Array[]>(() => undefined) };
    const reason = denseForQuestion(new SchemaRetriever({ schema }), embedder, 10).unavailable;
    const ready = { state: "ready", modelId: "m", dimensions: 384, device: "wasm", loadMs: 1 } as const;
    expect(rankingNote(reason, ready)).toContain("still reading this schema's 60 tables and columns (0%)");
    expect(rankingNote(reason, ready)).not.toMatch(/before the embedding model was ready/);
  });
});

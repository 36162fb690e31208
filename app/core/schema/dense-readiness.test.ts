// A question on a large schema does not wait for its units to be embedded: they are embedded meanwhile, once.
import { describe, expect, it } from "vitest";
import type { DatabaseSchema } from "../db/types";
import { denseForQuestion } from "./dense-readiness";
import { pruneSchema } from "./prune";
import { SchemaRetriever } from "./schema-retriever";
import type { TextEmbedder } from "./types";

function schemaOf(tables: number): DatabaseSchema {
  return {
    tables: Array.from({ length: tables }, (_unused, index) => ({
      name: `table_${index}`,
      kind: "table" as const,
      rowCount: 1,
      columns: ["id", "name", "amount"].map((name, position) => ({
        name,
        type: position === 0 ? "INTEGER" : "TEXT",
        notNull: false,
        defaultValue: null,
        primaryKeyPosition: position === 0 ? 1 : 0,
        comment: null,
      })),
      foreignKeys: [],
      indexes: [],
      sql: "",
    })),
  };
}

/** An embedder whose calls wait until the test lets them go, counting the texts it was given. */
function heldEmbedder() {
  const waiting: Array<() => void> = [];
  let holding = true;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const embedder = {
    modelId: "test/held",
    texts: 0,
    calls: 0,
    async embed(texts: string[]) {
      embedder.calls += 1;
      embedder.texts += texts.length;
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
      return texts.map((text) => Float32Array.of(text.length % 7, 1));
    },
    /** Lets the waiting call answer, and waits for what its answer leads to. */
    async releaseOne() {
      waiting.shift()?.();
      await settle();
    },
    /** Lets every call answer from now on. */
    async releaseAll() {
      holding = false;
      while (waiting.length > 0) waiting.shift()!();
      await settle();
    },
  } satisfies TextEmbedder & Record<string, unknown>;
  return embedder;
}

describe("denseForQuestion", () => {
  it("lets a small schema's question wait for its embeddings: the dense stage runs with it", () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(10) });
    const embedder = heldEmbedder();
    expect(denseForQuestion(retriever, embedder, 100)).toEqual({ embedder });
    expect(embedder.calls).toBe(0);
  });

  it("embeds a large schema meanwhile, once however many questions come, and ranks them without it until done", async () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(200) });
    const units = retriever.units.length;
    const embedder = heldEmbedder();
    const first = denseForQuestion(retriever, embedder, 100);
    expect(first.embedder).toBeNull();
    expect(first.unavailable).toContain(`still reading this schema's ${units.toLocaleString("en-US")} tables and columns (0%)`);
    const result = await pruneSchema(retriever, "total amount", { embedder: first.embedder, denseUnavailable: first.unavailable });
    expect(result.stagesUsed).not.toContain("dense");
    expect(result.denseUnavailable).toBe(first.unavailable);

    // A second question while it runs: the same preparation, no second one.
    expect(denseForQuestion(retriever, embedder, 100).embedder).toBeNull();
    expect(embedder.calls).toBe(1);
    await embedder.releaseAll();
    expect(embedder.texts).toBe(units);
    expect(retriever.hasDense(embedder.modelId)).toBe(true);

    const later = denseForQuestion(retriever, embedder, 100);
    expect(later).toEqual({ embedder });
    expect((await pruneSchema(retriever, "total amount", { embedder: later.embedder })).stagesUsed).toContain("dense");
  });

  it("says how far the embedding has come, and begins again with the next question after a failure", async () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(200) });
    const units = retriever.units.length;
    let failing = true;
    const answered: number[] = [];
    const embedder: TextEmbedder = {
      modelId: "test/flaky",
      async embed(texts) {
        if (failing && answered.length === 1) throw new Error("the model worker stopped");
        answered.push(texts.length);
        return texts.map(() => Float32Array.of(1, 0));
      },
    };
    denseForQuestion(retriever, embedder, 100);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // One chunk embedded, the next failed: nothing kept, nothing running.
    expect(retriever.hasDense(embedder.modelId)).toBe(false);
    expect(retriever.denseEmbedded(embedder.modelId)).toBe(0);
    failing = false;
    const next = denseForQuestion(retriever, embedder, 100);
    expect(next.embedder).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(retriever.hasDense(embedder.modelId)).toBe(true);
    expect(answered.slice(1).reduce((sum, count) => sum + count, 0)).toBe(units);
    expect(denseForQuestion(retriever, embedder, 100).embedder).toBe(embedder);
  });

  it("stops after the chunk under way when the retriever is no longer used, keeps nothing of it and starts no other", async () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(200) });
    const embedder = heldEmbedder();
    denseForQuestion(retriever, embedder, 100);
    retriever.stopDense();
    await embedder.releaseAll();
    expect(embedder.calls).toBe(1);
    expect(retriever.hasDense(embedder.modelId)).toBe(false);
    expect(retriever.denseEmbedded(embedder.modelId)).toBe(0);
    // A question or search still running on it goes without, and starts nothing.
    expect(denseForQuestion(retriever, embedder, 100).embedder).toBeNull();
    await embedder.releaseAll();
    expect(embedder.calls).toBe(1);
  });

  it("does not stop an embedding a question waits for (a small schema's, or one it joined)", async () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(200) });
    const embedder = heldEmbedder();
    denseForQuestion(retriever, embedder, 100);
    const waited = retriever.prepareDense(embedder);
    retriever.stopDense();
    await embedder.releaseAll();
    await waited;
    expect(retriever.hasDense(embedder.modelId)).toBe(true);
    expect(embedder.texts).toBe(800);
  });

  it("begins again with another embedder of the same model instead of waiting on one whose worker was replaced", async () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(200) });
    // The page's embedder when its worker was ended: its calls never answer.
    const ended: TextEmbedder = { modelId: "test/model", embed: () => new Promise<Float32Array[]>(() => undefined) };
    denseForQuestion(retriever, ended, 100);
    const replacement: TextEmbedder = { modelId: "test/model", embed: async (texts) => texts.map(() => Float32Array.of(1, 0)) };
    await retriever.prepareDense(replacement);
    expect(retriever.hasDense("test/model")).toBe(true);
    expect(denseForQuestion(retriever, replacement, 100).embedder).toBe(replacement);
  });

  it("forgets a preparation whose embedder fails at once, before its first answer", async () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(200) });
    const failing: TextEmbedder = {
      modelId: "test/model",
      embed: () => {
        throw new Error("no worker");
      },
    };
    await expect(retriever.prepareDense(failing)).rejects.toThrow("no worker");
    const working: TextEmbedder = { modelId: "test/model", embed: async (texts) => texts.map(() => Float32Array.of(1, 0)) };
    await retriever.prepareDense(working);
    expect(retriever.hasDense("test/model")).toBe(true);
  });

  it("reports a share of the units while they are embedded a chunk at a time", async () => {
    const retriever = new SchemaRetriever({ schema: schemaOf(200) });
    const embedder = heldEmbedder();
    denseForQuestion(retriever, embedder, 100);
    await embedder.releaseOne();
    // 256 of the 800 units (a chunk) embedded, the next chunk asked for.
    expect(retriever.units.length).toBe(800);
    expect(retriever.denseEmbedded(embedder.modelId)).toBe(256);
    expect(denseForQuestion(retriever, embedder, 100).unavailable).toContain("(32%)");
    expect(embedder.calls).toBe(2);
    await embedder.releaseAll();
    expect(retriever.denseEmbedded(embedder.modelId)).toBe(800);
  });
});

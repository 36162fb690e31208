import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { provideServices } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";
import { embeddingKey } from "../core/schema/embedding-cache";
import { needsDownloadApproval, useEmbeddingStore } from "./embedding-store";
import { useSettingsStore } from "./settings-store";

const storage = createMemoryStorage({ durable: true });

beforeAll(() => {
  vi.stubGlobal("location", new URL("http://127.0.0.1:4173/"));
  provideServices({ storage });
});

afterEach(() => {
  useEmbeddingStore.getState().reset();
});

describe("embedding store", () => {
  it("has no embedder while the model is turned off", () => {
    useSettingsStore.getState().updateEmbedding({ enabled: false });
    expect(useEmbeddingStore.getState().embedder()).toBeNull();
    expect(useEmbeddingStore.getState().status).toEqual({ state: "off" });
  });

  it("answers from the kept vectors without starting the model", async () => {
    useSettingsStore.getState().updateEmbedding({ enabled: true, model: "querylab/tiny-embed", location: "folder" });
    await storage.embeddings.setMany([[embeddingKey("querylab/tiny-embed", "orders.total"), new Float32Array([0.5, 0.25])]]);
    const embedder = useEmbeddingStore.getState().embedder();
    expect(embedder?.modelId).toBe("querylab/tiny-embed");
    const [vector] = await embedder!.embed(["orders.total"]);
    expect([...vector!]).toEqual([0.5, 0.25]);
    expect(useEmbeddingStore.getState().status).toEqual({ state: "idle" });
  });

  it("fetches nothing from the hub until the person agrees, then remembers the agreement for that model", async () => {
    useSettingsStore.getState().updateEmbedding({ enabled: true, model: "Xenova/all-MiniLM-L6-v2", location: "hub" });
    expect(useEmbeddingStore.getState().status).toEqual({ state: "needs-approval" });
    expect(useEmbeddingStore.getState().embedder()).toBeNull();
    expect(useEmbeddingStore.getState().connection()).toBeNull();
    // A self-hosted folder is the person's own choice of site: no question.
    useSettingsStore.getState().updateEmbedding({ location: "folder" });
    expect(useEmbeddingStore.getState().status).toEqual({ state: "idle" });
    useSettingsStore.getState().updateEmbedding({ location: "hub" });
    await useEmbeddingStore.getState().approveDownload();
    expect(needsDownloadApproval(useSettingsStore.getState().embedding)).toBe(false);
    expect(useEmbeddingStore.getState().connection()?.modelId).toBe("Xenova/all-MiniLM-L6-v2");
    // Another hub model is another download: asked again.
    useSettingsStore.getState().updateEmbedding({ model: "Xenova/bge-small-en-v1.5" });
    expect(useEmbeddingStore.getState().status).toEqual({ state: "needs-approval" });
  });

  it("starts over when the model setting changes", () => {
    useSettingsStore.getState().updateEmbedding({ enabled: true, model: "querylab/tiny-embed", location: "folder" });
    const first = useEmbeddingStore.getState().connection();
    useSettingsStore.getState().updateEmbedding({ model: "another/model" });
    const second = useEmbeddingStore.getState().connection();
    expect(second).not.toBe(first);
    expect(second?.modelId).toBe("another/model");
  });
});

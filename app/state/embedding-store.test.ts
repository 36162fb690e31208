import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { provideServices } from "../browser/services";
import { createMemoryStorage } from "../browser/storage-areas";
import { embeddingKey } from "../core/schema/embedding-cache";
import { useEmbeddingStore } from "./embedding-store";
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

  it("starts over when the model setting changes", () => {
    useSettingsStore.getState().updateEmbedding({ enabled: true, model: "querylab/tiny-embed", location: "folder" });
    const first = useEmbeddingStore.getState().connection();
    useSettingsStore.getState().updateEmbedding({ model: "another/model" });
    const second = useEmbeddingStore.getState().connection();
    expect(second).not.toBe(first);
    expect(second?.modelId).toBe("another/model");
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { MemoryWebStorage } from "../browser/memory-web-storage";
import { DEFAULT_SCHEMA_TOKEN_BUDGET } from "../core/schema/prune";

// prune() with its worker parts stood in for: the value index resolves when a test says so, the pruner answers at once.
const valueIndex = vi.hoisted(() => ({ ready: Promise.resolve(null) as Promise<null> }));
vi.mock("./value-index-store", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./value-index-store")>()),
  ensureValueIndex: () => valueIndex.ready,
}));
vi.mock("../browser/services", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../browser/services")>()),
  sqliteConnection: () => ({ engine: {} }),
}));
const stoppedEmbeddings = vi.hoisted(() => ({ count: 0 }));
vi.mock("../core/schema/schema-pruner", () => ({
  createSchemaPruner: () => ({
    prune: async (question: string) => ({ question, kept: { orders: ["id"] } }),
    denseFor: (embedder: unknown) => ({ embedder }),
    stopDense: () => void (stoppedEmbeddings.count += 1),
  }),
}));

const OVERRIDES_KEY = "querylab.schema-overrides";
const BUDGET_KEY = "querylab.schema-budget";

/** A fresh page: the stores read localStorage when they are created. */
async function loadPage(stored: Record<string, string>) {
  const storage = new MemoryWebStorage();
  for (const [key, value] of Object.entries(stored)) storage.setItem(key, value);
  vi.stubGlobal("localStorage", storage);
  vi.resetModules();
  const { usePruneStore } = await import("./prune-store");
  const { useDatabaseStore } = await import("./database-store");
  const openDatabase = (id: string) => useDatabaseStore.setState({ current: { id, name: id, source: "file", sizeBytes: 1, updatedAt: 1, saveState: "saved" } });
  return { storage, usePruneStore, openDatabase };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("prune store: what it keeps in localStorage", () => {
  it("reads the budget back only when it is a usable number", async () => {
    expect((await loadPage({ [BUDGET_KEY]: "1200" })).usePruneStore.getState().budget).toBe(1200);
    expect((await loadPage({ [BUDGET_KEY]: "lots" })).usePruneStore.getState().budget).toBe(DEFAULT_SCHEMA_TOKEN_BUDGET);
    expect((await loadPage({ [BUDGET_KEY]: "10" })).usePruneStore.getState().budget).toBe(DEFAULT_SCHEMA_TOKEN_BUDGET);
    expect((await loadPage({})).usePruneStore.getState().budget).toBe(DEFAULT_SCHEMA_TOKEN_BUDGET);
  });

  it("keeps pins and exclusions per database, and a damaged entry costs only its own database", async () => {
    const page = await loadPage({
      [OVERRIDES_KEY]: JSON.stringify({ "db-1": { pinned: ["orders"], excluded: ["logs"] }, "db-2": { pinned: "orders" } }),
    });
    page.openDatabase("db-1");
    expect(page.usePruneStore.getState().overrides).toEqual({ pinned: ["orders"], excluded: ["logs"] });
    page.openDatabase("db-2");
    expect(page.usePruneStore.getState().overrides).toEqual({ pinned: [], excluded: [] });
    page.usePruneStore.getState().togglePinned("customers");
    expect(JSON.parse(page.storage.getItem(OVERRIDES_KEY)!)).toEqual({
      "db-1": { pinned: ["orders"], excluded: ["logs"] },
      "db-2": { pinned: ["customers"], excluded: [] },
    });
  });

  it("replaces text that is not JSON instead of never saving a choice again", async () => {
    const page = await loadPage({ [OVERRIDES_KEY]: "{not json" });
    page.openDatabase("db-1");
    expect(page.usePruneStore.getState().overrides).toEqual({ pinned: [], excluded: [] });
    page.usePruneStore.getState().toggleExcluded("logs");
    expect(JSON.parse(page.storage.getItem(OVERRIDES_KEY)!)).toEqual({ "db-1": { pinned: [], excluded: ["logs"] } });
    page.openDatabase("db-3");
    page.openDatabase("db-1");
    expect(page.usePruneStore.getState().overrides).toEqual({ pinned: [], excluded: ["logs"] });
  });
});

describe("prune store: the result on screen", () => {
  const table = (name: string, rowCount: number | null) => ({
    name,
    kind: "table" as const,
    rowCount,
    columns: [{ name: "id", type: "INTEGER", notNull: false, defaultValue: null, primaryKeyPosition: 1, comment: null }],
    foreignKeys: [],
    indexes: [],
    sql: `CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`,
  });

  it("stays when the schema's row counts are filled in (a first sample held whole), and goes when the schema changes", async () => {
    const page = await loadPage({});
    const { useDatabaseStore } = await import("./database-store");
    page.openDatabase("db-1");
    useDatabaseStore.setState({ schema: { tables: [table("orders", null)] } });
    const result = { question: "How many orders?", kept: { orders: ["id"] } } as unknown as Parameters<
      ReturnType<typeof page.usePruneStore.getState>["setResult"]
    >[0];
    page.usePruneStore.getState().setResult(result);
    useDatabaseStore.setState({ schema: { tables: [table("orders", 40_000)] } });
    expect(page.usePruneStore.getState().result).toBe(result);
    useDatabaseStore.setState({ schema: { tables: [table("orders", 40_000), table("notes", 0)] } });
    expect(page.usePruneStore.getState().result).toBeNull();
  });

  it("shows a preview asked for before the row counts were filled in: the panel does not stay at indexing", async () => {
    const page = await loadPage({});
    // The embedding store reads the page's address for the model's location.
    vi.stubGlobal("location", new URL("http://localhost/"));
    const { useDatabaseStore } = await import("./database-store");
    page.openDatabase("db-1");
    useDatabaseStore.setState({ schema: { tables: [table("orders", null)] } });
    let indexed: () => void = () => undefined;
    valueIndex.ready = new Promise((resolve) => (indexed = () => resolve(null)));
    const pruning = page.usePruneStore.getState().prune("How many orders?", "schema");
    expect(page.usePruneStore.getState().status).toBe("indexing");
    // The first sample is held whole while its values are indexed: its schema comes again, with row counts.
    useDatabaseStore.setState({ schema: { tables: [table("orders", 40_000)] } });
    indexed();
    const result = await pruning;
    expect(result).toMatchObject({ question: "How many orders?" });
    expect(page.usePruneStore.getState().status).toBe("ready");
    expect(page.usePruneStore.getState().result).toBe(result);
  });

  it("stops the embedding of a schema no longer in use (another database), which would keep the next one's question waiting", async () => {
    const page = await loadPage({});
    vi.stubGlobal("location", new URL("http://localhost/"));
    const { useDatabaseStore } = await import("./database-store");
    valueIndex.ready = Promise.resolve(null);
    page.openDatabase("db-1");
    useDatabaseStore.setState({ schema: { tables: [table("orders", 10)] } });
    await page.usePruneStore.getState().prune("How many orders?", "schema");
    const before = stoppedEmbeddings.count;
    page.openDatabase("db-2");
    useDatabaseStore.setState({ schema: { tables: [table("readings", 10)] } });
    await vi.waitFor(() => expect(stoppedEmbeddings.count).toBeGreaterThan(before));
  });
});

// The schema pruning of the current question: its result (kept/dropped with reasons), the budget, and the person's pins and exclusions.
import * as z from "../core/zod-mini";
import { create } from "zustand";
import { sharesValues, type DataSharing } from "../core/data-sharing";
import type { DatabaseSchema } from "../core/db/types";
import { sameSchemaApartFromRowCounts } from "../core/db/schema-shape";
import type { PruneOptions } from "../core/schema/prune";
import { DEFAULT_SCHEMA_TOKEN_BUDGET } from "../core/schema/prune-defaults";
import type { BuiltSchemaPruner } from "../core/schema/schema-pruner";
import type { SchemaSearch } from "../core/schema/schema-search";
import { errorMessage } from "../core/error-message";
import type { DatabaseProfile, PruneOverrides, PruneResult, SchemaDescriptions, TextEmbedder } from "../core/schema/types";
import { sqliteConnection } from "../browser/services";
import { useDatabaseStore } from "./database-store";
import { useDescriptionsStore } from "./descriptions-store";
import { useEmbeddingStore } from "./embedding-store";
import { ensureValueIndex, workerValueMatcher } from "./value-index-store";

const BUDGET_KEY = "querylab.schema-budget";
const OVERRIDES_KEY = "querylab.schema-overrides";

interface PruneState {
  /** The last pruning, for the question on screen; null before the first question. */
  result: PruneResult | null;
  status: "idle" | "indexing" | "pruning" | "ready" | "error";
  message: string | null;
  /** Tokens the schema text may take. */
  budget: number;
  /** Pins and exclusions for the open database; used from the next run on. */
  overrides: PruneOverrides;
  setResult(result: PruneResult | null): void;
  setBudget(budget: number): void;
  togglePinned(key: string): void;
  toggleExcluded(key: string): void;
  clearOverrides(): void;
  /** Prunes the schema for a question with the current settings; null (with a message) when it cannot. */
  prune(question: string, sharing: DataSharing): Promise<PruneResult | null>;
}

/** localStorage holds text anyone on this origin may have written: a budget is read back only when it is a usable number. */
const storedBudgetSchema = z.coerce.number().check(z.int(), z.minimum(50));

function readBudget(): number {
  try {
    const parsed = storedBudgetSchema.safeParse(localStorage.getItem(BUDGET_KEY) ?? undefined);
    return parsed.success ? parsed.data : DEFAULT_SCHEMA_TOKEN_BUDGET;
  } catch {
    return DEFAULT_SCHEMA_TOKEN_BUDGET;
  }
}

function databaseKey(): string {
  return useDatabaseStore.getState().current?.id ?? "none";
}

export const pruneOverridesSchema: z.ZodMiniType<PruneOverrides> = z.object({ pinned: z.array(z.string()), excluded: z.array(z.string()) });
/** Overrides by database id; each entry is checked on its own, so one damaged entry loses no other database's choices. */
const storedOverridesSchema = z.record(z.string(), z.unknown());

function readAllOverrides(): Record<string, unknown> {
  try {
    const parsed = storedOverridesSchema.safeParse(JSON.parse(localStorage.getItem(OVERRIDES_KEY) ?? "{}"));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function readOverrides(): PruneOverrides {
  const parsed = pruneOverridesSchema.safeParse(readAllOverrides()[databaseKey()]);
  return parsed.success ? parsed.data : { pinned: [], excluded: [] };
}

function writeOverrides(overrides: PruneOverrides): void {
  // Damaged text in storage is replaced rather than blocking every later write.
  const all = { ...readAllOverrides(), [databaseKey()]: overrides };
  try {
    localStorage.setItem(OVERRIDES_KEY, JSON.stringify(all));
  } catch {
    // Storage unavailable: the choices last as long as the page.
  }
}

/** Numbers prune calls, so a slow earlier one cannot overwrite a later one's result. */
let latestRun = 0;

/**
 * The pruner of the open database (the core's one factory), rebuilt when the schema, its descriptions or its profile
 * change (each is a new object then). Its values are matched in the SQLite worker, which holds the value index
 * (value-index-store.ts); when values cannot be indexed it ranks by names and descriptions.
 */
let index: { schema: DatabaseSchema; descriptions: SchemaDescriptions; profile: DatabaseProfile | null; pruner: Promise<BuiltSchemaPruner> } | null = null;

function prunerFor(schema: DatabaseSchema, descriptions: SchemaDescriptions, profile: DatabaseProfile | null): Promise<BuiltSchemaPruner> {
  if (index && index.schema === schema && index.descriptions === descriptions && index.profile === profile) return index.pruner;
  // The pruner replaced stops embedding its schema (a large one's goes on meanwhile): the model worker answers in turn.
  index?.pruner.then((replaced) => replaced.stopDense()).catch(() => undefined);
  // The pruner and its retrievers (about 12 KB gzip) load with the first question or preview, not with the page.
  const pruner = Promise.all([ensureValueIndex(), import("../core/schema/schema-pruner")]).then(([values, { createSchemaPruner }]) =>
    createSchemaPruner({
      database: sqliteConnection().engine,
      schema,
      descriptions,
      profile,
      valueMatching: values !== null,
      values: values && workerValueMatcher(values),
    }),
  );
  index = { schema, descriptions, profile, pruner };
  pruner.catch(() => {
    if (index?.pruner === pruner) index = null;
  });
  return pruner;
}

/**
 * The dense stage only when the model is ready: a question never waits for a download. While it loads (started
 * here on first use) the question is ranked without it and the result says so.
 */
function denseStage(): { embedder: TextEmbedder | null; unavailable?: string } {
  const store = useEmbeddingStore.getState();
  const embedder = store.embedder();
  if (!embedder) return { embedder: null };
  const status = store.status;
  if (status.state === "ready") return { embedder };
  if (status.state === "failed") return { embedder: null, unavailable: `${status.message} This question was ranked by names, descriptions and values only.` };
  if (status.state === "idle") void store.load();
  const progress = status.state === "loading" && status.progress !== null ? ` (${Math.round(status.progress * 100)}%)` : "";
  return { embedder: null, unavailable: `The embedding model is still loading${progress}; this question was ranked by names, descriptions and values only.` };
}

/**
 * search_schema for the agent: the open database's pruner's own retriever (no second index), ranking with the
 * embedding model when it is ready, as pruning does. Null when no pruner was built (the whole schema was sent).
 */
export function openDatabaseSchemaSearch(): SchemaSearch | null {
  const current = index;
  if (!current) return null;
  return async (terms, options) => {
    const [pruner, { searchSchema }] = await Promise.all([current.pruner, import("../core/schema/schema-search")]);
    return searchSchema(pruner.retriever, terms, { ...options, embedder: pruner.denseFor(denseStage().embedder).embedder });
  };
}

export const usePruneStore = create<PruneState>((set, get) => ({
  result: null,
  status: "idle",
  message: null,
  budget: readBudget(),
  overrides: readOverrides(),

  setResult(result) {
    set({ result });
  },

  setBudget(budget) {
    if (!Number.isFinite(budget) || budget < 50) return;
    try {
      localStorage.setItem(BUDGET_KEY, String(Math.round(budget)));
    } catch {
      // kept for this page only
    }
    set({ budget: Math.round(budget) });
  },

  togglePinned(key) {
    const { pinned, excluded } = get().overrides;
    const overrides = {
      pinned: pinned.includes(key) ? pinned.filter((entry) => entry !== key) : [...pinned, key],
      excluded: excluded.filter((entry) => entry !== key),
    };
    writeOverrides(overrides);
    set({ overrides });
  },

  toggleExcluded(key) {
    const { pinned, excluded } = get().overrides;
    const overrides = {
      excluded: excluded.includes(key) ? excluded.filter((entry) => entry !== key) : [...excluded, key],
      pinned: pinned.filter((entry) => entry !== key),
    };
    writeOverrides(overrides);
    set({ overrides });
  },

  clearOverrides() {
    const overrides = { pinned: [], excluded: [] };
    writeOverrides(overrides);
    set({ overrides });
  },

  async prune(question, sharing) {
    const schema = useDatabaseStore.getState().schema;
    if (!schema) return null;
    const { descriptions, profile } = useDescriptionsStore.getState();
    // Only the latest call may show its result: an older one (a preview, another database) finishing later is dropped.
    const run = ++latestRun;
    // Row counts filled in meanwhile (the first sample once held whole) leave the result current: the subscription
    // below keeps the status then, so a result dropped for them left the panel saying "indexing" for good.
    const current = () => run === latestRun && sameSchemaApartFromRowCounts(useDatabaseStore.getState().schema, schema);
    set({ status: index?.schema === schema ? "pruning" : "indexing", message: null });
    try {
      const pruner = await prunerFor(schema, descriptions, profile.value);
      if (current()) set({ status: "pruning" });
      const model = denseStage();
      // A schema too large to embed while the question waits is embedded meanwhile; the question goes without.
      const dense = model.unavailable ? model : pruner.denseFor(model.embedder);
      // The settings of this moment: the budget, the pins, the model's state and the sharing level can change between questions.
      const options: PruneOptions = {
        budget: get().budget,
        overrides: get().overrides,
        embedder: dense.embedder,
        denseUnavailable: dense.unavailable,
        includeValues: sharesValues(sharing),
      };
      const result = await pruner.prune(question, options);
      if (current()) set({ result, status: "ready" });
      return result;
    } catch (error) {
      if (current()) set({ status: "error", message: `The schema could not be pruned (${errorMessage(error)}); the agent gets the whole schema.` });
      return null;
    }
  },
}));

// Another database or schema: its own pins and exclusions, and no stale result. Row counts filled in later (the first
// sample once it is held whole, a few seconds after the first question may have been asked) change neither.
useDatabaseStore.subscribe((state, previous) => {
  if (state.current?.id !== previous.current?.id || !sameSchemaApartFromRowCounts(state.schema, previous.schema)) {
    // Nor is its schema's embedding worth finishing (see prunerFor).
    index?.pruner.then((replaced) => replaced.stopDense()).catch(() => undefined);
    usePruneStore.setState({ result: null, status: "idle", message: null, overrides: readOverrides() });
  }
});

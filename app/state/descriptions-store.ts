// The open database's schema context for the panel: column profiles from the worker, and descriptions (harvested + a person's and the LLM's, kept per database).
import { create } from "zustand";
import type { DatabaseSchema } from "../core/db/types";
import {
  alignDescriptions,
  descriptionOf,
  descriptionsFromComments,
  emptyDescriptions,
  mergeDescriptions,
  undocumentedColumns,
  withDescription,
} from "../core/schema/descriptions";
import { buildDescribeRequest, MAX_COLUMNS_PER_REQUEST, type DescribeRequest } from "../core/schema/describe-request";
import type { DatabaseProfile, SchemaDescriptions } from "../core/schema/types";
import { presetOf } from "../core/llm/provider-presets";
import { queryLabStorage, sqliteConnection } from "../browser/services";
import { profileInParts } from "../browser/profile-in-parts";
import { shippedSampleProfile } from "../browser/shipped-sample-context";
import { openSampleFile } from "./open-sample-file";
import { isReadOnDemandUntilWhole, useDatabaseStore } from "./database-store";
import { llmForRequest, useSettingsStore } from "./settings-store";
import { errorMessage } from "../core/error-message";

export interface ProfileState {
  status: "idle" | "loading" | "ready" | "error";
  value: DatabaseProfile | null;
  error: string | null;
}

export interface DescribeDialogState {
  open: boolean;
  /** Undocumented columns offered, and which of them are chosen (`table\0column`). */
  offered: Array<{ table: string; column: string; type: string }>;
  chosen: string[];
  /** Exactly what will be sent for the chosen columns. */
  request: DescribeRequest | null;
  status: "idle" | "sending" | "done" | "error";
  message: string | null;
}

interface DescriptionsState {
  databaseId: string | null;
  /** Harvested from the database itself (comments) and from files given with it (a benchmark's CSVs, tables.json). */
  harvested: SchemaDescriptions;
  /** The part of `harvested` that came from files given with the database (addHarvested). */
  external: SchemaDescriptions;
  /** A person's and the LLM's descriptions: kept in IndexedDB for this database. */
  edits: SchemaDescriptions;
  /** What the panel shows and the pruner uses: edits over harvested, in the schema's spelling. */
  descriptions: SchemaDescriptions;
  profile: ProfileState;
  describe: DescribeDialogState;

  /** Adds descriptions harvested outside the database (a benchmark's files) for the open database. */
  addHarvested(extra: SchemaDescriptions): void;
  /** A person's edit; empty text removes the person's (or the LLM's) text, so the harvested one shows again. */
  setDescription(table: string, column: string | null, text: string): Promise<void>;
  openDescribe(): void;
  toggleDescribeColumn(table: string, column: string): void;
  sendDescribe(): Promise<void>;
  closeDescribe(): void;
}

export function columnKey(table: string, column: string): string {
  return `${table}\u0000${column}`;
}

const CLOSED_DIALOG: DescribeDialogState = { open: false, offered: [], chosen: [], request: null, status: "idle", message: null };

let describeAbort: AbortController | null = null;

export const useDescriptionsStore = create<DescriptionsState>((set, get) => {
  function recompute(schema: DatabaseSchema | null): void {
    const { harvested, edits } = get();
    // Edits come first so a tie (never between these sources) could not let a harvested text win.
    set({ descriptions: schema ? alignDescriptions(mergeDescriptions(edits, harvested), schema) : emptyDescriptions() });
  }

  async function persistEdits(): Promise<void> {
    const { databaseId, edits } = get();
    if (!databaseId || !useDatabaseStore.getState().storageAvailable) return;
    await queryLabStorage()
      .saveDescriptionEdits(databaseId, edits)
      .catch(() => undefined);
  }

  function buildRequest(dialog: DescribeDialogState): DescribeRequest | null {
    const schema = useDatabaseStore.getState().schema;
    if (!schema) return null;
    const chosen = dialog.offered.filter((column) => dialog.chosen.includes(columnKey(column.table, column.column)));
    // No choice made yet on the agent panel means no values: nothing leaves the page that the person did not allow.
    return buildDescribeRequest(chosen, schema, get().profile.value, useSettingsStore.getState().sharing ?? "schema");
  }

  return {
    databaseId: null,
    harvested: emptyDescriptions(),
    external: emptyDescriptions(),
    edits: emptyDescriptions(),
    descriptions: emptyDescriptions(),
    profile: { status: "idle", value: null, error: null },
    describe: CLOSED_DIALOG,

    addHarvested(extra) {
      set({ external: mergeDescriptions(get().external, extra), harvested: mergeDescriptions(get().harvested, extra) });
      recompute(useDatabaseStore.getState().schema);
    },

    async setDescription(table, column, text) {
      const trimmed = text.trim();
      set({ edits: withDescription(get().edits, table, column, trimmed ? { text: trimmed, source: "person" } : null) });
      recompute(useDatabaseStore.getState().schema);
      await persistEdits();
    },

    openDescribe() {
      const schema = useDatabaseStore.getState().schema;
      if (!schema) return;
      const offered = undocumentedColumns(schema, get().descriptions);
      const dialog: DescribeDialogState = {
        open: true,
        offered,
        chosen: offered.slice(0, MAX_COLUMNS_PER_REQUEST).map((column) => columnKey(column.table, column.column)),
        request: null,
        status: "idle",
        message: null,
      };
      set({ describe: { ...dialog, request: buildRequest(dialog) } });
    },

    toggleDescribeColumn(table, column) {
      const key = columnKey(table, column);
      const dialog = get().describe;
      const chosen = dialog.chosen.includes(key) ? dialog.chosen.filter((entry) => entry !== key) : [...dialog.chosen, key];
      const next = { ...dialog, chosen, status: "idle" as const, message: null };
      set({ describe: { ...next, request: buildRequest(next) } });
    },

    async sendDescribe() {
      const dialog = get().describe;
      const request = dialog.request;
      if (!request || dialog.status === "sending") return;
      const { settings: llm, fetch: keyFetch } = llmForRequest();
      if (!llm.baseUrl || !llm.model) {
        set({ describe: { ...dialog, status: "error", message: "Choose a provider and a model in Settings first. Nothing has been sent." } });
        return;
      }
      set({ describe: { ...dialog, status: "sending", message: null } });
      describeAbort = new AbortController();
      try {
        const [{ describeWithLlm }, { createLanguageModel }] = await Promise.all([import("../core/schema/describe-with-llm"), import("../core/llm/providers")]);
        const outcome = await describeWithLlm(request, {
          model: createLanguageModel(llm, keyFetch),
          settings: llm,
          abortSignal: describeAbort.signal,
          reachHint: presetOf(llm).reachHint,
        });
        if (!get().describe.open) return;
        if (!outcome.ok) {
          set({ describe: { ...get().describe, status: "error", message: outcome.error.message } });
          return;
        }
        // A person's edit made meanwhile is not overwritten by the LLM's.
        let edits = get().edits;
        for (const [table, entry] of Object.entries(outcome.descriptions.tables)) {
          for (const [column, description] of Object.entries(entry.columns)) {
            if (descriptionOf(edits, table, column)?.source !== "person") edits = withDescription(edits, table, column, description);
          }
        }
        set({ edits });
        recompute(useDatabaseStore.getState().schema);
        await persistEdits();
        const missing = outcome.missing.length > 0 ? ` It left out ${outcome.missing.map((column) => `${column.table}.${column.column}`).join(", ")}.` : "";
        set({
          describe: {
            ...get().describe,
            status: "done",
            message: `The LLM described ${outcome.described} ${outcome.described === 1 ? "column" : "columns"}; each can be edited in the schema panel.${missing}`,
          },
        });
      } catch (error) {
        set({ describe: { ...get().describe, status: "error", message: `Describing failed: ${errorMessage(error)}` } });
      } finally {
        describeAbort = null;
      }
    },

    closeDescribe() {
      describeAbort?.abort();
      set({ describe: CLOSED_DIALOG });
    },
  };
});

/**
 * Resolves once the page has started: the database is ready, its first save is done (a first sample read on demand
 * first is downloaded whole, and a large kept one read into memory: reading every table on demand would read it all, a
 * page at a time), and the browser is idle.
 * Profiling (and indexing values) reads every table in the worker; started earlier, it queues ahead of the first screen's work.
 */
export function afterStartup(): Promise<void> {
  const started = () => {
    const state = useDatabaseStore.getState();
    const saveState = state.current?.saveState;
    return state.status !== "starting" && saveState !== "saving" && !isReadOnDemandUntilWhole(saveState);
  };
  const idle = () =>
    new Promise<void>((resolve) =>
      typeof requestIdleCallback === "function" ? requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 200),
    );
  if (started()) return idle();
  return new Promise((resolve) => {
    const stop = useDatabaseStore.subscribe(() => {
      if (!started()) return;
      stop();
      void idle().then(resolve);
    });
  });
}

/**
 * The profile being loaded, by content key: the schema changes again while a profile loads (the row counts arrive
 * after the tables), and each change asks again. Two loads at once each had the worker profile the database and each
 * kept the result: for 5,000 tables two profiles of ~13 MB crossed to the page and were saved, four tasks of 130-200 ms.
 */
let profileInFlight: { contentKey: string; profile: Promise<DatabaseProfile> } | null = null;

/** The profile of `contentKey`: kept in IndexedDB when this content was profiled before, else the build's of an unchanged sample, else the worker's (then kept). */
async function profileOf(contentKey: string): Promise<DatabaseProfile> {
  const storageAvailable = useDatabaseStore.getState().storageAvailable;
  const stored = storageAvailable
    ? await queryLabStorage()
        .loadProfile(contentKey)
        .catch(() => null)
    : null;
  if (stored) return stored;
  const sampleFile = await openSampleFile();
  const shipped = sampleFile ? await shippedSampleProfile(sampleFile, contentKey) : null;
  // The shipped profile is small and kept from here; the worker keeps the profiles it takes (workers/profile-keeper.ts),
  // so a large one's structured clone into IndexedDB is not a task on this thread.
  if (shipped && storageAvailable)
    void queryLabStorage()
      .saveProfile(shipped)
      .catch(() => undefined);
  return shipped ?? (await profileInParts(sqliteConnection().engine, storageAvailable));
}

/** Loads the profile of what the worker has open, once per content however often the schema changes meanwhile. */
async function loadProfile(databaseId: string): Promise<void> {
  const store = useDescriptionsStore;
  const still = () => store.getState().databaseId === databaseId;
  await afterStartup();
  if (!still()) return;
  const previous = store.getState().profile.value;
  store.setState({ profile: { status: "loading", value: previous, error: null } });
  try {
    const contentKey = await sqliteConnection().engine.contentKey();
    if (previous?.contentKey === contentKey) {
      if (still()) store.setState({ profile: { status: "ready", value: previous, error: null } });
      return;
    }
    if (profileInFlight?.contentKey !== contentKey) {
      const loading = { contentKey, profile: profileOf(contentKey) };
      profileInFlight = loading;
      const forget = () => {
        if (profileInFlight === loading) profileInFlight = null;
      };
      loading.profile.then(forget, forget);
    }
    const profile = await profileInFlight!.profile;
    if (still()) store.setState({ profile: { status: "ready", value: profile, error: null } });
  } catch (error) {
    if (still()) store.setState({ profile: { status: "error", value: null, error: `The column profile could not be computed (${errorMessage(error)}).` } });
  }
}

/** Follows the open database: a new one loads its kept edits; a schema change (a write, an import) re-harvests and re-profiles. */
async function follow(databaseId: string | null): Promise<void> {
  const store = useDescriptionsStore;
  if (databaseId !== store.getState().databaseId) {
    store.setState({
      databaseId,
      harvested: emptyDescriptions(),
      external: emptyDescriptions(),
      edits: emptyDescriptions(),
      profile: { status: "idle", value: null, error: null },
      describe: CLOSED_DIALOG,
    });
    if (databaseId && useDatabaseStore.getState().storageAvailable) {
      const edits = await queryLabStorage()
        .loadDescriptionEdits(databaseId)
        .catch(() => null);
      if (store.getState().databaseId !== databaseId) return;
      if (edits) store.setState({ edits });
    }
  }
  // The schema may have changed while the edits loaded (a database opens, then its schema arrives): use the latest.
  const schema = useDatabaseStore.getState().schema;
  const comments = schema ? descriptionsFromComments(schema) : emptyDescriptions();
  store.setState({ harvested: mergeDescriptions(comments, store.getState().external) });
  const { harvested, edits } = store.getState();
  store.setState({ descriptions: schema ? alignDescriptions(mergeDescriptions(edits, harvested), schema) : emptyDescriptions() });
  if (databaseId && schema) await loadProfile(databaseId);
}

let following = false;
/** Starts following the database store; called once by the schema panel. */
export function followOpenDatabase(): void {
  if (following) return;
  following = true;
  const initial = useDatabaseStore.getState();
  void follow(initial.current?.id ?? null);
  useDatabaseStore.subscribe((state, previous) => {
    if (state.schema !== previous.schema || state.current?.id !== previous.current?.id) void follow(state.current?.id ?? null);
  });
}

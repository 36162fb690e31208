// window.__querylab: read-only access to app state for end-to-end tests, so they wait on state instead of sleeping.
import { useDatabaseStore } from "../state/database-store";
import { useEditorStore } from "../state/editor-store";
import { useQueryStore } from "../state/query-store";
import { useAgentStore } from "../state/agent-store";
import { useDescriptionsStore } from "../state/descriptions-store";
import { useEmbeddingStore } from "../state/embedding-store";
import { usePruneStore } from "../state/prune-store";
import { sqliteConnection } from "../browser/services";
import type { RemoteEngine } from "../browser/sqlite-connection";
import { setDownloadLimitForTests } from "../browser/fetch-database";
import { setLargeDatabaseThresholdsForTests, type LargeDatabaseThresholds } from "../state/large-databases";

declare global {
  interface Window {
    __querylab?: {
      database: () => ReturnType<typeof useDatabaseStore.getState>;
      query: () => ReturnType<typeof useQueryStore.getState>;
      /** Calls the listener on every change of the query store (the bench times a run from the key to its result). */
      onQueryChange: (listener: () => void) => () => void;
      editor: () => ReturnType<typeof useEditorStore.getState>;
      agent: () => ReturnType<typeof useAgentStore.getState>;
      /** Descriptions and the column profile of the open database. */
      descriptions: () => ReturnType<typeof useDescriptionsStore.getState>;
      /** The embedding model: load status, and the connection to the embed worker. */
      embedding: () => ReturnType<typeof useEmbeddingStore.getState>;
      /** The schema pruning shown by the panel and the diagram (tests set a result with setResult). */
      prune: () => ReturnType<typeof usePruneStore.getState>;
      /** The worker's engine, for measuring query latency through the real RPC path. */
      engine: () => RemoteEngine;
      worker: () => Worker;
      /** Lowers the size limit of URL downloads (null restores it), so a test serves megabytes, not a gigabyte. */
      limitDownloads: (bytes: number | null) => void;
      /** Lowers when a database is read on demand or asked about before it is kept (null restores the defaults). */
      largeDatabases: (thresholds: Partial<LargeDatabaseThresholds> | null) => void;
    };
  }
}

export function installTestHook(): void {
  window.__querylab = {
    database: () => useDatabaseStore.getState(),
    query: () => useQueryStore.getState(),
    onQueryChange: (listener) => useQueryStore.subscribe(listener),
    editor: () => useEditorStore.getState(),
    agent: () => useAgentStore.getState(),
    descriptions: () => useDescriptionsStore.getState(),
    embedding: () => useEmbeddingStore.getState(),
    prune: () => usePruneStore.getState(),
    engine: () => sqliteConnection().engine,
    worker: () => {
      // Only unit tests run the engine in-process, and they have no page: a page always has its worker.
      const worker = sqliteConnection().currentWorker;
      if (!worker) throw new Error("The SQLite engine runs without a worker here.");
      return worker;
    },
    limitDownloads: setDownloadLimitForTests,
    largeDatabases: setLargeDatabaseThresholdsForTests,
  };
}

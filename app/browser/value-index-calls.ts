// The SQLite worker's value index calls with comlink's wrapping: progress as a callback proxy, a kept snapshot transferred (moved, not copied).
import * as Comlink from "comlink";
import type { ValueIndexOutcome } from "../core/schema/value-index-host";
import type { ValueReadProgress } from "../core/schema/value-stream";
import type { RemoteEngine } from "./sqlite-connection";

export function indexValuesIn(engine: RemoteEngine, onProgress: (progress: ValueReadProgress) => void): Promise<ValueIndexOutcome> {
  return engine.indexValues(Comlink.proxy(onProgress));
}

/** The snapshot is detached from this thread afterwards: IndexedDB still has it. */
export function loadValueIndexInto(engine: RemoteEngine, contentKey: string, snapshot: ArrayBuffer): Promise<ValueIndexOutcome> {
  return engine.loadValueIndex(contentKey, Comlink.transfer(snapshot, [snapshot]));
}

// The SQLite worker's value index calls as the page makes them: progress comes back through a comlink callback proxy.
import * as Comlink from "comlink";
import type { ValueIndexOutcome } from "../core/schema/value-index-outcome";
import type { ValueReadProgress } from "../core/schema/value-stream";
import type { RemoteEngine } from "./sqlite-connection";

export function indexValuesIn(engine: RemoteEngine, onProgress: (progress: ValueReadProgress) => void): Promise<ValueIndexOutcome> {
  return engine.indexValues(Comlink.proxy(onProgress));
}

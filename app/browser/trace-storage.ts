// Keeps agent traces in IndexedDB so the history of runs survives a reload.
import { createStore, del, get, set, type UseStore } from "idb-keyval";
import { z } from "zod";
import { traceSchema, type Trace } from "../core/agent/trace";

export const traceSummarySchema = z.object({
  id: z.string(),
  question: z.string(),
  databaseName: z.string(),
  model: z.string(),
  createdAt: z.number(),
  status: z.string(),
  sql: z.string().nullable(),
});
export type TraceSummary = z.infer<typeof traceSummarySchema>;

const INDEX_KEY = "trace-index";
const LIMIT = 100;

export function summarize(trace: Trace): TraceSummary {
  const end = trace.events.findLast((event) => event.type === "run-end");
  const final = trace.events.findLast((event) => event.type === "final");
  return {
    id: trace.id,
    question: trace.question,
    databaseName: trace.databaseName,
    model: trace.model,
    createdAt: trace.createdAt,
    status: end?.type === "run-end" ? end.status : "running",
    sql: final?.type === "final" ? final.sql : null,
  };
}

export class TraceStorage {
  private readonly store: UseStore;

  constructor(store?: UseStore) {
    this.store = store ?? createStore("querylab-traces", "keyval");
  }

  async list(): Promise<TraceSummary[]> {
    const parsed = z.array(traceSummarySchema).safeParse((await get(INDEX_KEY, this.store)) ?? []);
    return parsed.success ? parsed.data : [];
  }

  async save(trace: Trace): Promise<TraceSummary[]> {
    await set(`trace:${trace.id}`, trace, this.store);
    const previous = (await this.list()).filter((entry) => entry.id !== trace.id);
    const next = [summarize(trace), ...previous];
    for (const dropped of next.slice(LIMIT)) await del(`trace:${dropped.id}`, this.store);
    await set(INDEX_KEY, next.slice(0, LIMIT), this.store);
    return next.slice(0, LIMIT);
  }

  async load(id: string): Promise<Trace | null> {
    const parsed = traceSchema.safeParse(await get(`trace:${id}`, this.store));
    return parsed.success ? parsed.data : null;
  }

  async remove(id: string): Promise<TraceSummary[]> {
    await del(`trace:${id}`, this.store);
    const next = (await this.list()).filter((entry) => entry.id !== id);
    await set(INDEX_KEY, next, this.store);
    return next;
  }
}

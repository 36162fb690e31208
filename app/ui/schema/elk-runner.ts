// Runs ELK layouts in a worker the app serves itself (elk-worker.min.js as a same-origin asset), so a large schema's layout never blocks the page and the CSP needs no eval or blob.
import ELK, { type ELK as ElkApi, type ElkNode } from "elkjs/lib/elk-api.js";
import elkWorkerUrl from "elkjs/lib/elk-worker.min.js?url";

let elk: ElkApi | null = null;
// elkjs never rejects when its worker fails to load or crashes; this does, so the diagram says so instead of waiting forever.
let failed: Promise<never> = new Promise(() => {});

/** Starts the worker (it parses a 1.6 MB script, the slow part of a first diagram) before the first layout is asked for. */
export function startElk(): ElkApi {
  // One worker for the page's lifetime: the script is parsed once, and a second diagram opens at once.
  elk ??= new ELK({
    workerFactory: () => {
      const worker = new Worker(elkWorkerUrl, { name: "elk-layout" });
      failed = new Promise((_, reject) => {
        worker.addEventListener("error", (event) => {
          elk = null; // the next diagram starts a fresh worker
          reject(new Error(event.message || "the layout worker stopped"));
        });
      });
      failed.catch(() => {}); // rejected with no layout waiting is not an error of its own
      return worker;
    },
  });
  return elk;
}

export function layoutWithElk(graph: ElkNode): Promise<ElkNode> {
  const api = startElk();
  return Promise.race([api.layout(graph), failed]);
}

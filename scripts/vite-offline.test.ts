// The service worker's runtime routes, run as the worker runs them: only the site's own samples, onnxruntime's WASM and
// ./models/ files under its scope are cached; never another site, an LLM API call, or anything outside the app's folder.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EDITOR_WORKER_GLOB, LAYOUT_WORKER_GLOB, NAVIGATION_ROUTE, NAVIGATION_ROUTE_FILE, OFFLINE_WORKBOX } from "./vite-offline";

const SCOPE = "https://course.example.org/some/sub/path/";

/** The cache a GET of `href` lands in (the first route that matches, as Workbox's router picks), or null. */
function cacheFor(href: string): string | null {
  const url = new URL(href);
  const sameOrigin = url.origin === new URL(SCOPE).origin;
  for (const route of OFFLINE_WORKBOX.runtimeCaching) {
    if (route.urlPattern({ url, sameOrigin } as Parameters<typeof route.urlPattern>[0])) return route.options.cacheName;
  }
  return null;
}

describe("the service worker's runtime caching", () => {
  beforeEach(() => vi.stubGlobal("self", { registration: { scope: SCOPE } }));
  afterEach(() => vi.unstubAllGlobals());

  it("caches the samples, the benchmark, a course build's files, onnxruntime's WASM and self-hosted models under the scope", () => {
    expect(cacheFor(`${SCOPE}samples/manifest.json`)).toBe("querylab-samples");
    expect(cacheFor(`${SCOPE}samples/bookshop.sqlite`)).toBe("querylab-samples");
    expect(cacheFor(`${SCOPE}benchmark/dev.json`)).toBe("querylab-samples");
    expect(cacheFor(`${SCOPE}course/school.sqlite`)).toBe("querylab-samples");
    expect(cacheFor(`${SCOPE}assets/ort-wasm-simd-threaded.asyncify-CxOG5pUO.wasm`)).toBe("querylab-onnxruntime");
    expect(cacheFor(`${SCOPE}models/Xenova/all-MiniLM-L6-v2/onnx/model_quantized.onnx`)).toBe("querylab-models");
  });

  it("caches ELK's layout worker and Monaco's editor worker when fetched, as the install leaves them out; the app's own chunks are precached", () => {
    expect(OFFLINE_WORKBOX.globIgnores).toContain(LAYOUT_WORKER_GLOB);
    expect(OFFLINE_WORKBOX.globIgnores).toContain(EDITOR_WORKER_GLOB);
    expect(cacheFor(`${SCOPE}assets/elk-worker.min-J_vVZCZ4.js`)).toBe("querylab-worker-scripts");
    expect(cacheFor(`${SCOPE}assets/editor.worker-CX7Cj20z.js`)).toBe("querylab-worker-scripts");
    expect(cacheFor(`${SCOPE}assets/sqlite.worker-CyizCKST.js`)).toBeNull();
    // The rest of the build's scripts are the precache's (no runtime route of their own).
    expect(cacheFor(`${SCOPE}assets/app-ZvWMUxja.js`)).toBeNull();
    expect(cacheFor(`${SCOPE}assets/er-diagram-I4Bsd882.js`)).toBeNull();
    expect(cacheFor("https://other.example.org/some/sub/path/assets/elk-worker.min-J_vVZCZ4.js")).toBeNull();
    expect(cacheFor("https://course.example.org/assets/elk-worker.min-J_vVZCZ4.js")).toBeNull();
  });

  it("caches nothing from another site: LLM APIs, the hub, a local model server, a ?db= URL", () => {
    expect(cacheFor("https://api.openai.com/v1/chat/completions")).toBeNull();
    expect(cacheFor("https://huggingface.co/Xenova/all-MiniLM-L6-v2/resolve/main/models/config.json")).toBeNull();
    expect(cacheFor("http://localhost:11434/v1/models")).toBeNull();
    expect(cacheFor("https://data.example.org/samples/bookshop.sqlite")).toBeNull();
  });

  it("caches nothing of the same site outside the app's folders (say an LLM proxy beside it)", () => {
    expect(cacheFor("https://course.example.org/samples/bookshop.sqlite")).toBeNull();
    expect(cacheFor("https://course.example.org/models/config.json")).toBeNull();
    expect(cacheFor(`${SCOPE}v1/chat/completions`)).toBeNull();
    expect(cacheFor(`${SCOPE}api/models`)).toBeNull();
  });

  it("only GETs, and only complete answers (no error page kept for a missing model file)", () => {
    for (const route of OFFLINE_WORKBOX.runtimeCaching) {
      expect(route.method).toBe("GET");
      expect(route.options.cacheableResponse.statuses).toEqual([200]);
    }
  });
});

describe("the service worker's navigation route", () => {
  /** Runs the imported script against a worker scope and hands its install listener the event given. */
  function install(event: object): void {
    let listener: ((event: object) => void) | null = null;
    const scope = { addEventListener: (type: string, added: (event: object) => void) => type === "install" && (listener = added) };
    new Function("self", NAVIGATION_ROUTE)(scope);
    expect(listener).not.toBeNull();
    listener!(event);
  }

  it("is imported by the worker", () => {
    expect(OFFLINE_WORKBOX.importScripts).toEqual([NAVIGATION_ROUTE_FILE]);
  });

  it("races the network against the worker for navigations, and the install waits for the route", async () => {
    const routes: unknown[] = [];
    const waited: Promise<unknown>[] = [];
    install({ addRoutes: async (rules: unknown) => routes.push(rules), waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
    await Promise.all(waited);
    expect(routes).toEqual([{ condition: { requestMode: "navigate" }, source: "race-network-and-fetch-handler" }]);
    expect(waited).toHaveLength(1);
  });

  it("leaves a browser without static routes to the worker, and a refused route does not fail the install", async () => {
    const waited: Promise<unknown>[] = [];
    install({ waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
    expect(waited).toEqual([]);
    install({ addRoutes: () => Promise.reject(new TypeError("unknown source")), waitUntil: (promise: Promise<unknown>) => waited.push(promise) });
    await expect(Promise.all(waited)).resolves.toEqual([undefined]);
  });
});

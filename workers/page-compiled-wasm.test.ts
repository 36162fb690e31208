import { afterEach, describe, expect, it, vi } from "vitest";
import { receivePageCompiledWasm, SQLITE_WASM_MESSAGE, sqliteWasmInstantiator } from "./page-compiled-wasm";

/** The smallest valid WASM module: the magic number and version 1. */
const EMPTY_MODULE_BYTES = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const EMPTY_MODULE = new WebAssembly.Module(EMPTY_MODULE_BYTES);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("receivePageCompiledWasm", () => {
  it("takes the page's module and stops the message before a later listener (Comlink's) sees it", async () => {
    const scope = new EventTarget();
    const module = receivePageCompiledWasm(scope as never);
    const seenLater: unknown[] = [];
    scope.addEventListener("message", (event) => seenLater.push((event as MessageEvent).data));
    scope.dispatchEvent(new MessageEvent("message", { data: { id: "call-1", type: "GET" } }));
    scope.dispatchEvent(new MessageEvent("message", { data: { type: SQLITE_WASM_MESSAGE, module: EMPTY_MODULE } }));
    expect(await module).toBe(EMPTY_MODULE);
    expect(seenLater).toEqual([{ id: "call-1", type: "GET" }]);
  });

  it("resolves null when the page could not compile, so the worker loads the file itself", async () => {
    const scope = new EventTarget();
    const module = receivePageCompiledWasm(scope as never);
    scope.dispatchEvent(new MessageEvent("message", { data: { type: SQLITE_WASM_MESSAGE, module: null } }));
    expect(await module).toBeNull();
  });

  it("without a module, fetches the WASM file and instantiates it here", async () => {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return new Response(EMPTY_MODULE_BYTES);
    });
    const { instance } = await sqliteWasmInstantiator(null, "https://app.test/sql-wasm.wasm")({});
    expect(instance).toBeInstanceOf(WebAssembly.Instance);
    expect(fetched).toEqual(["https://app.test/sql-wasm.wasm"]);
  });

  it("says so when the WASM file cannot be fetched", async () => {
    vi.stubGlobal("fetch", async () => new Response("missing", { status: 404 }));
    await expect(sqliteWasmInstantiator(null, "https://app.test/sql-wasm.wasm")({})).rejects.toThrow("HTTP 404");
  });

  it("instantiates the page's module for sql.js instead of fetching", async () => {
    vi.stubGlobal("fetch", () => {
      throw new Error("fetched");
    });
    const { instance, module } = await sqliteWasmInstantiator(EMPTY_MODULE, "sql-wasm.wasm")({});
    expect(instance).toBeInstanceOf(WebAssembly.Instance);
    expect(module).toBe(EMPTY_MODULE);
  });
});

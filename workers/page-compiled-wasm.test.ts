import { describe, expect, it } from "vitest";
import { receivePageCompiledWasm, SQLITE_WASM_MESSAGE, sqlJsOptions } from "./page-compiled-wasm";

/** The smallest valid WASM module: the magic number and version 1. */
const EMPTY_MODULE = new WebAssembly.Module(new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]));

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
    expect(sqlJsOptions(null, "sql-wasm.wasm")).toEqual({ locateFile: expect.any(Function) });
  });

  it("instantiates the page's module for sql.js instead of fetching", async () => {
    const options = sqlJsOptions(EMPTY_MODULE, "sql-wasm.wasm");
    expect("locateFile" in options).toBe(false);
    const instance = await new Promise<WebAssembly.Instance>((resolve) => {
      if ("instantiateWasm" in options) options.instantiateWasm?.({}, resolve);
    });
    expect(instance).toBeInstanceOf(WebAssembly.Instance);
  });
});

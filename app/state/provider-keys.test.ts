import { describe, expect, it, vi } from "vitest";
import { keyFor, keyGuardedFetch, KeyOriginError, keyOrigin, migrateSingleKey, parseRememberedKeys, rememberedKeys, scopeOf, withEntry } from "./provider-keys";

describe("key origins", () => {
  it("is protocol, host and port, with case and default ports folded, and nothing for what is not an http(s) URL", () => {
    expect(keyOrigin("https://API.OpenAI.com:443/v1/")).toBe("https://api.openai.com");
    expect(keyOrigin("http://127.0.0.1:11434/v1")).toBe("http://127.0.0.1:11434");
    expect(keyOrigin("http://localhost:11434/v1")).toBe("http://localhost:11434");
    expect(keyOrigin("https://api.openai.com/v2")).toBe(keyOrigin("https://api.openai.com/v1"));
    for (const text of ["", "api.openai.com", "http://", "ftp://example.com/", "javascript:alert(1)"]) expect(keyOrigin(text)).toBe("");
  });
});

describe("the key map", () => {
  const openai = { providerId: "openai", baseUrl: "https://api.openai.com/v1" };
  const local = { providerId: "custom", baseUrl: "http://127.0.0.1:8080/v1" };

  it("keeps a key per provider and origin: another origin or provider has none of its own", () => {
    const keys = withEntry({}, scopeOf(openai), { key: "sk-openai" });
    expect(keyFor(keys, openai)?.key).toBe("sk-openai");
    expect(keyFor(keys, { ...openai, baseUrl: "https://api.openai.com/other" })?.key).toBe("sk-openai");
    expect(keyFor(keys, local)).toBeUndefined();
    expect(keyFor(keys, { ...openai, providerId: "custom" })).toBeUndefined();
    expect(keyFor(keys, { ...openai, baseUrl: "http://api.openai.com/v1" })).toBeUndefined();
  });

  it("stores only remembered keys with where they belong, and reads them back", () => {
    let keys = withEntry({}, scopeOf(openai), { key: "sk-openai", remember: true });
    keys = withEntry(keys, scopeOf(local), { key: "sk-local" });
    const stored = rememberedKeys(keys);
    expect(stored).toEqual([{ providerId: "openai", origin: "https://api.openai.com", key: "sk-openai" }]);
    const read = parseRememberedKeys(JSON.stringify(stored));
    expect(keyFor(read, openai)).toEqual({ providerId: "openai", origin: "https://api.openai.com", key: "sk-openai", remember: true });
    expect(keyFor(read, local)).toBeUndefined();
    expect(parseRememberedKeys("{damaged")).toEqual({});
    expect(parseRememberedKeys(JSON.stringify([{ key: "sk-somewhere" }]))).toEqual({});
  });

  it("drops an entry with no key and nothing to remember", () => {
    const keys = withEntry(withEntry({}, scopeOf(openai), { key: "sk-openai" }), scopeOf(openai), { key: "" });
    expect(keys).toEqual({});
  });

  it("moves the single key of earlier versions to the provider and origin it was saved with, or drops it when that is unknown", () => {
    const migrated = migrateSingleKey("sk-old", JSON.stringify({ ...local, model: "m" }));
    expect(keyFor(migrated, local)).toMatchObject({ key: "sk-old", remember: true, origin: "http://127.0.0.1:8080" });
    expect(keyFor(migrated, openai)).toBeUndefined();
    expect(migrateSingleKey("sk-old", "{damaged")).toEqual({});
    expect(migrateSingleKey("sk-old", null)).toEqual({});
    expect(migrateSingleKey(null, JSON.stringify(local))).toEqual({});
  });
});

describe("the key-guarded fetch", () => {
  const ok = () => vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response("{}"));

  it("sends a key only to the origin it was typed for, whatever form the request takes", async () => {
    const inner = ok();
    const fetch = keyGuardedFetch({ key: "sk-a", origin: "http://127.0.0.1:1111" }, inner);
    await fetch("http://127.0.0.1:1111/v1/models");
    await fetch(new URL("http://127.0.0.1:1111/v1/chat/completions"), { method: "POST" });
    expect(inner).toHaveBeenCalledTimes(2);

    for (const elsewhere of [
      "http://127.0.0.1:2222/v1/models",
      new URL("http://localhost:1111/v1/models"),
      new Request("https://127.0.0.1:1111/v1/models"),
      "/v1/models",
    ]) {
      await expect(fetch(elsewhere, { headers: { authorization: "Bearer sk-a" } })).rejects.toBeInstanceOf(KeyOriginError);
    }
    expect(inner).toHaveBeenCalledTimes(2);
  });

  it("refuses every request for a key recorded without an origin, and lets requests without a key go anywhere", async () => {
    const inner = ok();
    await expect(keyGuardedFetch({ key: "sk-a", origin: "" }, inner)("http://127.0.0.1:1111/v1/models")).rejects.toThrow(/was not sent to/);
    await keyGuardedFetch({ key: "", origin: "http://127.0.0.1:1111" }, inner)("http://127.0.0.1:2222/v1/models");
    expect(inner).toHaveBeenCalledTimes(1);
  });
});

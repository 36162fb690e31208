import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { allowedConnectSources } from "./content-security";

describe("allowedConnectSources", () => {
  beforeEach(() => vi.stubGlobal("location", new URL("https://querylab.example.org/course/")));
  afterEach(() => vi.unstubAllGlobals());

  it("lets in the sites of the files the address names at start (a session, an exercise set)", () => {
    const sources = allowedConnectSources(null, null, { hub: false }, [
      "https://sessions.example.net/s.json",
      "https://teach.example.com/sets/week1.json",
      null,
    ]);
    expect(sources).toContain("https://sessions.example.net");
    expect(sources).toContain("https://teach.example.com");
  });

  it("lets in no other site and never a non-http address", () => {
    const sources = allowedConnectSources(null, null, { hub: false }, ["javascript:alert(1)", "sets/week1.json"]);
    expect(sources.some((source) => source.includes("teach.example.com") || source.startsWith("javascript"))).toBe(false);
    // A relative set is on the page's own site, which 'self' already covers.
    expect(sources).toContain("'self'");
  });
});

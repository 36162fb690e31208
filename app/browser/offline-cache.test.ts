import { describe, expect, it } from "vitest";
import { sameOriginResources } from "./offline-cache";

describe("sameOriginResources", () => {
  const origin = "https://course.example.org";

  it("keeps the page's own files, each once, and drops other sites and non-HTTP entries", () => {
    const names = [
      "https://course.example.org/sql/samples/manifest.json",
      "https://course.example.org/sql/samples/bookshop.sqlite",
      "https://course.example.org/sql/samples/manifest.json",
      "https://api.openai.com/v1/chat/completions",
      "https://course.example.org.evil.test/sql/samples/bookshop.sqlite",
      "blob:https://course.example.org/5b1c",
      "not a url",
    ];
    expect(sameOriginResources(names, origin)).toEqual([
      "https://course.example.org/sql/samples/manifest.json",
      "https://course.example.org/sql/samples/bookshop.sqlite",
    ]);
  });

  it("tells the port apart", () => {
    expect(sameOriginResources(["https://course.example.org:8443/samples/manifest.json"], origin)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { DatabaseProfile } from "../core/schema/types";
import { shippedSampleProfile, shippedValueIndexSnapshot } from "./shipped-sample-context";

function profileOf(contentKey: string): DatabaseProfile {
  return {
    contentKey,
    elapsedMs: 12,
    tables: [
      {
        table: "books",
        kind: "table",
        rowCount: 2,
        rowsProfiled: 2,
        columns: [
          {
            column: "title",
            type: "TEXT",
            nullFraction: 0,
            distinctCount: 2,
            approximate: false,
            min: "A",
            max: "B",
            topValues: [{ value: "A", count: 1 }],
            examples: ["A", "B"],
          },
        ],
      },
    ],
  };
}

/** A site serving `body` (as JSON) for every request, counting them. */
function site(body: unknown, status = 200): { fetchFile: typeof fetch; requests: string[] } {
  const requests: string[] = [];
  const fetchFile = (async (input: RequestInfo | URL) => {
    requests.push(String(input));
    return new Response(typeof body === "string" ? body : JSON.stringify(body), { status });
  }) as typeof fetch;
  return { fetchFile, requests };
}

describe("shippedSampleProfile", () => {
  it("takes the build's profile of the sample when it names the content that is open", async () => {
    const { fetchFile, requests } = site(profileOf("key-a"));
    expect(await shippedSampleProfile("bookshop.sqlite", "key-a", fetchFile)).toEqual(profileOf("key-a"));
    expect(requests).toEqual(["/samples/bookshop.sqlite.profile.json"]);
  });

  it("leaves a profile of other content (a changed sample) to the worker", async () => {
    const { fetchFile } = site(profileOf("key-of-the-file-as-built"));
    expect(await shippedSampleProfile("bookshop.sqlite", "key-b", fetchFile)).toBeNull();
  });

  it("gives null when the site has no such file, or it is not a profile", async () => {
    expect(await shippedSampleProfile("flights.sqlite", "key-c", site("Not found", 404).fetchFile)).toBeNull();
    expect(await shippedSampleProfile("flights.sqlite", "key-d", site("<html>index</html>").fetchFile)).toBeNull();
    expect(await shippedSampleProfile("flights.sqlite", "key-e", site({ contentKey: "key-e", tables: "none" }).fetchFile)).toBeNull();
    const failing = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await shippedSampleProfile("flights.sqlite", "key-f", failing)).toBeNull();
  });

  it("asks the site once for the same content, however often the panel asks", async () => {
    const { fetchFile, requests } = site(profileOf("key-g"));
    const profiles = await Promise.all([1, 2, 3].map(() => shippedSampleProfile("clinic.sqlite", "key-g", fetchFile)));
    expect(profiles.every((profile) => profile?.contentKey === "key-g")).toBe(true);
    expect(requests).toHaveLength(1);
  });
});

describe("shippedValueIndexSnapshot", () => {
  it("asks for the snapshot of the content that is open, by its key", async () => {
    const { fetchFile, requests } = site("snapshot bytes");
    const snapshot = await shippedValueIndexSnapshot("bookshop.sqlite", "de8f-2", fetchFile);
    expect(await snapshot?.text()).toBe("snapshot bytes");
    expect(requests).toEqual(["/samples/bookshop.sqlite.values-de8f-2.bin"]);
  });

  it("gives null when the site has none for that content, or cannot be reached", async () => {
    expect(await shippedValueIndexSnapshot("bookshop.sqlite", "other", site("Not found", 404).fetchFile)).toBeNull();
    const failing = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    expect(await shippedValueIndexSnapshot("bookshop.sqlite", "other", failing)).toBeNull();
  });
});

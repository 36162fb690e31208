// The Spider/BIRD folder layout, read the same way from a folder on disk, a chosen folder or a .zip.
import { describe, expect, it } from "vitest";
import { locateBenchmark } from "./benchmark-layout";

describe("locateBenchmark", () => {
  it("reads Spider's layout: dev.json, tables.json and database/<db_id>/<db_id>.sqlite", () => {
    const found = locateBenchmark(["dev.json", "tables.json", "database/concert/concert.sqlite", "database/pets/pets.sqlite"]);
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.layout.questionsPath).toBe("dev.json");
    expect(found.layout.databasePath("concert")).toBe("database/concert/concert.sqlite");
    expect(found.layout.databasePath("missing")).toBeNull();
    expect(found.layout.descriptionPaths("concert")).toEqual(["tables.json"]);
  });

  it("reads BIRD's layout one level down (a zip's top folder), with its description CSVs", () => {
    const found = locateBenchmark([
      "bird/dev.json",
      "bird/dev_tables.json",
      "bird/dev_databases/finance/finance.sqlite",
      "bird/dev_databases/finance/database_description/loan.csv",
      "bird/dev_databases/other/database_description/x.csv",
    ]);
    if (!found.ok) throw new Error(found.message);
    expect(found.layout.root).toBe("bird/");
    expect(found.layout.databasePath("finance")).toBe("bird/dev_databases/finance/finance.sqlite");
    expect(found.layout.descriptionPaths("finance")).toEqual(["bird/dev_tables.json", "bird/dev_databases/finance/database_description/loan.csv"]);
  });

  it("prefers the shallowest questions file, and dev.json over test.json beside it", () => {
    const found = locateBenchmark(["a/b/dev.json", "a/test.json", "a/dev.json"]);
    expect(found.ok && found.layout.questionsPath).toBe("a/dev.json");
  });

  it("finds the teaching benchmark's databases among the samples beside it", () => {
    const found = locateBenchmark(["dev.json", "tables.json", "../samples/bookshop.sqlite"]);
    expect(found.ok && found.layout.databasePath("bookshop")).toBe("../samples/bookshop.sqlite");
  });

  it("says what is missing when there is no questions file", () => {
    const found = locateBenchmark(["database/x/x.sqlite", "README.md"]);
    expect(!found.ok && found.message).toMatch(/no questions file \(dev\.json, questions\.json, test\.json\)/);
  });
});

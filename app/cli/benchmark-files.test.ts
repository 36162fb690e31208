// Reading a benchmark folder on disk: its databases and the files that describe them.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { harvestBenchmarkDescriptions } from "../core/schema/benchmark-descriptions";
import { descriptionOf } from "../core/schema/descriptions";
import { openBenchmarkFolder } from "./benchmark-files";

it("harvests a BIRD-layout database's CSVs (cp1252 too) and tables.json from disk", async () => {
  const root = await mkdtemp(join(tmpdir(), "querylab-descriptions-"));
  const folder = join(root, "dev_databases", "shop", "database_description");
  await mkdir(folder, { recursive: true });
  // "café" in cp1252: é is the single byte 0xE9.
  await writeFile(
    join(folder, "items.csv"),
    Buffer.concat([Buffer.from("original_column_name,column_description\nname,Name of the caf"), Buffer.from([0xe9]), Buffer.from("\n")]),
  );
  await writeFile(
    join(root, "dev_tables.json"),
    JSON.stringify([
      {
        db_id: "shop",
        table_names: ["items"],
        table_names_original: ["items"],
        column_names: [
          [-1, "*"],
          [0, "price in cents"],
        ],
        column_names_original: [
          [-1, "*"],
          [0, "price"],
        ],
      },
    ]),
  );
  await writeFile(join(root, "dev.json"), "[]");
  const benchmark = await openBenchmarkFolder(root);
  const { descriptions, warnings } = harvestBenchmarkDescriptions("shop", await benchmark.source.descriptionFiles("shop"));
  expect(warnings).toEqual([]);
  expect(descriptionOf(descriptions, "items", "name")).toEqual({ text: "Name of the café", source: "bird" });
  expect(descriptionOf(descriptions, "items", "price")).toEqual({ text: "price in cents", source: "spider" });
});

it("opens the bundled teaching benchmark's databases from the samples beside it, and says which file is missing", async () => {
  const benchmark = await openBenchmarkFolder("public/benchmark");
  expect(benchmark.questions.length).toBeGreaterThan(50);
  const bookshop = await benchmark.source.openDatabase("bookshop");
  expect((await bookshop.schema()).tables.map((table) => table.name)).toContain("books");
  expect((await benchmark.source.descriptionFiles("bookshop")).map((file) => file.path)).toEqual(["tables.json"]);
  await expect(benchmark.source.openDatabase("nowhere")).rejects.toThrow(
    "No database file for nowhere under public/benchmark (expected database/nowhere/nowhere.sqlite).",
  );
});

// Reading a benchmark database's description files from a folder on disk.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { descriptionOf } from "../core/schema/descriptions";
import { readBenchmarkDescriptions } from "./description-files";

it("harvests a BIRD-layout database's CSVs (cp1252 too) and tables.json from disk", async () => {
  const root = await mkdtemp(join(tmpdir(), "querylab-descriptions-"));
  const folder = join(root, "dev_databases", "shop", "database_description");
  await mkdir(folder, { recursive: true });
  // "café" in cp1252: é is the single byte 0xE9.
  await writeFile(join(folder, "items.csv"), Buffer.concat([Buffer.from("original_column_name,column_description\nname,Name of the caf"), Buffer.from([0xe9]), Buffer.from("\n")]));
  await writeFile(
    join(root, "dev_tables.json"),
    JSON.stringify([{ db_id: "shop", table_names: ["items"], table_names_original: ["items"], column_names: [[-1, "*"], [0, "price in cents"]], column_names_original: [[-1, "*"], [0, "price"]] }]),
  );
  await writeFile(join(root, "dev.json"), "[]");
  const { descriptions, warnings } = await readBenchmarkDescriptions(root, "shop");
  expect(warnings).toEqual([]);
  expect(descriptionOf(descriptions, "items", "name")).toEqual({ text: "Name of the café", source: "bird" });
  expect(descriptionOf(descriptions, "items", "price")).toEqual({ text: "price in cents", source: "spider" });
});

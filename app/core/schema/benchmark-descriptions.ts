// Descriptions harvested from a benchmark's files: BIRD description CSVs (in their encodings) and Spider tables.json.
// Apart from descriptions.ts because parsing the CSVs takes papaparse, which only opening a benchmark needs.
import Papa from "papaparse";
import { z } from "zod";
import type { DatabaseSchema } from "../db/types";
import { errorMessage } from "../error-message";
import { alignDescriptions, cleanText, descriptionsFromComments, emptyDescriptions, mergeDescriptions, withDescription } from "./descriptions";
import type { SchemaDescriptions } from "./types";

/**
 * Decodes a description file: BIRD ships them as UTF-8, UTF-8 with a BOM, or Latin-1/cp1252. Text that is
 * not valid UTF-8 is read as cp1252 (a superset of Latin-1's printable characters, as browsers do).
 */
export function decodeDescriptionFile(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = decodeWindows1252(bytes);
  }
  return text.replace(/^\uFEFF/, "");
}

/** cp1252's characters for bytes 0x80–0x9F (Latin-1 has control codes there); the rest of the bytes are Latin-1. */
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";

/** Decoded by hand: Node's TextDecoder treats "windows-1252" as plain Latin-1 unless built with full ICU. */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (const byte of bytes) text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  return text;
}

/** Lower-case words of a name: `customerId`, `customer_id` and `Customer ID` all give customer, id. */
function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * True when a natural-language name says more than the identifier: `student id` for `StuID` does,
 * `first name` for `firstname` or `Customer Id` for `customer_id` does not (only case, spaces, underscores differ).
 */
export function nameAddsWords(identifier: string, naturalName: string): boolean {
  const collapse = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
  if (collapse(identifier) === collapse(naturalName)) return false;
  const known = new Set(nameWords(identifier));
  return nameWords(naturalName).some((word) => !known.has(word));
}

export interface HarvestResult {
  descriptions: SchemaDescriptions;
  /** Files or rows that could not be used, in words. */
  warnings: string[];
}

const birdRowSchema = z.object({
  original_column_name: z.string(),
  column_name: z.string().optional(),
  column_description: z.string().optional(),
  data_format: z.string().optional(),
  value_description: z.string().optional(),
});

/** The description a BIRD row gives: its description, the expanded name when it adds words, and what the values mean. */
function birdText(row: z.infer<typeof birdRowSchema>): string {
  const original = row.original_column_name.trim();
  const name = cleanText(row.column_name ?? "");
  let main = cleanText(row.column_description ?? "");
  if (name && nameAddsWords(original, name) && !main.toLowerCase().includes(name.toLowerCase())) {
    main = main ? `${name}: ${main}` : name;
  }
  const values = cleanText(row.value_description ?? "");
  if (!values || values.toLowerCase() === main.toLowerCase()) return cleanText(main);
  return cleanText(main ? `${main.replace(/[.\s]+$/, "")}. Values: ${values}` : `Values: ${values}`);
}

/** (b) BIRD `database_description/<table>.csv` files, already decoded (see decodeDescriptionFile). */
export function descriptionsFromBirdCsv(files: Array<{ table: string; text: string }>): HarvestResult {
  let descriptions = emptyDescriptions();
  const warnings: string[] = [];
  for (const file of files) {
    const parsed = Papa.parse<Record<string, string>>(file.text.replace(/^\uFEFF/, ""), {
      header: true,
      skipEmptyLines: "greedy",
      // Headers come with stray spaces and capitals in some files.
      transformHeader: (header) => header.trim().toLowerCase(),
    });
    if (!parsed.meta.fields?.includes("original_column_name")) {
      warnings.push(`${file.table}.csv has no original_column_name column; skipped.`);
      continue;
    }
    for (const raw of parsed.data) {
      const row = birdRowSchema.safeParse(raw);
      if (!row.success || row.data.original_column_name.trim() === "") continue;
      const text = birdText(row.data);
      if (text) descriptions = withDescription(descriptions, file.table, row.data.original_column_name.trim(), { text, source: "bird" });
    }
  }
  return { descriptions, warnings };
}

const spiderDatabaseSchema = z.looseObject({
  db_id: z.string(),
  table_names: z.array(z.string()),
  table_names_original: z.array(z.string()),
  column_names: z.array(z.tuple([z.number(), z.string()])),
  column_names_original: z.array(z.tuple([z.number(), z.string()])),
});

/** (c) Spider `tables.json` (or BIRD's dev_tables.json): natural-language names, kept only where they add words. */
export function descriptionsFromSpiderTables(tablesJson: string, dbId: string): HarvestResult {
  let value: unknown;
  try {
    value = JSON.parse(tablesJson);
  } catch (error) {
    return { descriptions: emptyDescriptions(), warnings: [`tables.json is not JSON (${errorMessage(error)}).`] };
  }
  const entry = Array.isArray(value) ? value.find((item) => (item as { db_id?: unknown })?.db_id === dbId) : undefined;
  if (entry === undefined) return { descriptions: emptyDescriptions(), warnings: [] };
  const parsed = spiderDatabaseSchema.safeParse(entry);
  if (!parsed.success) return { descriptions: emptyDescriptions(), warnings: [`tables.json has an entry for ${dbId} in an unexpected shape; skipped.`] };
  const database = parsed.data;
  let descriptions = emptyDescriptions();
  database.table_names_original.forEach((original, index) => {
    const natural = database.table_names[index];
    if (natural && nameAddsWords(original, natural))
      descriptions = withDescription(descriptions, original, null, { text: cleanText(natural), source: "spider" });
  });
  database.column_names_original.forEach(([tableIndex, original], index) => {
    const table = database.table_names_original[tableIndex];
    const natural = database.column_names[index]?.[1];
    // Index -1 is Spider's `*` pseudo-column.
    if (table === undefined || !natural || !nameAddsWords(original, natural)) return;
    descriptions = withDescription(descriptions, table, original, { text: cleanText(natural), source: "spider" });
  });
  return { descriptions, warnings: [] };
}

/** A file of a benchmark folder or zip: its path inside the benchmark (any separator), and its bytes or text. */
export interface BenchmarkFile {
  path: string;
  content: Uint8Array | string;
}

function textOf(content: Uint8Array | string): string {
  return typeof content === "string" ? content.replace(/^\uFEFF/, "") : decodeDescriptionFile(content);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Everything a Spider- or BIRD-layout benchmark says about the database `dbId`: BIRD's
 * `<folder>/<dbId>/database_description/<table>.csv` and the natural names in `tables.json` / `dev_tables.json`.
 * Pure over the files' contents, so the CLI (from disk) and the page (from a folder or zip) share it.
 */
function descriptionCsvPattern(dbId: string): RegExp {
  return new RegExp(`(?:^|/)${escapeRegExp(dbId)}/database_description/([^/]+)\\.csv$`, "i");
}

const TABLES_JSON = /(?:^|\/)(?:dev_|train_|test_)?tables\.json$/i;

/** Whether a benchmark file can hold descriptions of `dbId`, so callers read only those files. */
export function isDescriptionFile(dbId: string, path: string): boolean {
  const normalized = path.replaceAll("\\", "/");
  return descriptionCsvPattern(dbId).test(normalized) || TABLES_JSON.test(normalized);
}

export function harvestBenchmarkDescriptions(dbId: string, files: BenchmarkFile[]): HarvestResult {
  const csvPath = descriptionCsvPattern(dbId);
  const birdFiles: Array<{ table: string; text: string }> = [];
  const layers: SchemaDescriptions[] = [];
  const warnings: string[] = [];
  for (const file of files) {
    const path = file.path.replaceAll("\\", "/");
    const csv = csvPath.exec(path);
    if (csv) {
      birdFiles.push({ table: csv[1]!, text: textOf(file.content) });
    } else if (TABLES_JSON.test(path)) {
      const spider = descriptionsFromSpiderTables(textOf(file.content), dbId);
      layers.push(spider.descriptions);
      warnings.push(...spider.warnings.map((warning) => `${path}: ${warning}`));
    }
  }
  const bird = descriptionsFromBirdCsv(birdFiles);
  warnings.push(...bird.warnings);
  return { descriptions: mergeDescriptions(bird.descriptions, ...layers), warnings };
}

/**
 * The descriptions a benchmark database gets wherever it is measured (the page's benchmark, `querylab eval` and
 * `querylab prune`): its CREATE TABLE comments, then what the benchmark's files say, aligned to its schema.
 */
export function benchmarkDescriptions(dbId: string, schema: DatabaseSchema, files: BenchmarkFile[]): HarvestResult {
  const harvested = harvestBenchmarkDescriptions(dbId, files);
  return { descriptions: alignDescriptions(mergeDescriptions(descriptionsFromComments(schema), harvested.descriptions), schema), warnings: harvested.warnings };
}

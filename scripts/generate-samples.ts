// Generates the bundled sample databases (public/samples/*.sqlite) and their manifest, deterministically.
// Run with `npx tsx scripts/generate-samples.ts`. The data is synthetic: seeded random choices over the
// word lists in scripts/sample-data, with fixed dates, so two runs give byte-identical files. Each sample
// lives in its own module there (bookshop-sample.ts, flights-sample.ts, clinic-sample.ts).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import initSqlJs from "sql.js";
import type { SqlJsStatic } from "sql.js";
import { z } from "zod";
import { sampleEntrySchema, type SampleEntry } from "../app/browser/samples";
import { BOOKSHOP_SAMPLE } from "./sample-data/bookshop-sample";
import { CLINIC_SAMPLE } from "./sample-data/clinic-sample";
import { FLIGHTS_SAMPLE } from "./sample-data/flights-sample";
import { createRandom, queryRows, type SampleDefinition } from "./sample-data/sample-kit";

/** Where the generated files go; Vite serves `public/` as static assets. */
export const SAMPLES_DIRECTORY = fileURLToPath(new URL("../public/samples/", import.meta.url));

export interface BuiltSample {
  id: string;
  bytes: Uint8Array;
  manifestEntry: SampleEntry;
}

/** The samples in manifest order; the first is the one opened at first start. */
const SAMPLES: readonly SampleDefinition[] = [BOOKSHOP_SAMPLE, FLIGHTS_SAMPLE, CLINIC_SAMPLE];

function buildSample(SQL: SqlJsStatic, definition: SampleDefinition): BuiltSample {
  const db = new SQL.Database();
  try {
    // Enforced while building, so a generator bug fails here instead of shipping dangling keys.
    db.run("PRAGMA foreign_keys = ON");
    definition.build(db, createRandom(definition.seed));
    // Rewrites the file with every page packed, so the download is as small as it can be.
    db.run("VACUUM");
    const tables = queryRows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map((row) => String(row[0]));
    const rows = tables.reduce((sum, table) => sum + Number(queryRows(db, `SELECT COUNT(*) FROM "${table}"`)[0]?.[0] ?? 0), 0);
    const bytes = db.export();
    return {
      id: definition.id,
      bytes,
      manifestEntry: {
        id: definition.id,
        file: `${definition.id}.sqlite`,
        title: definition.title,
        description: definition.description,
        tables: tables.length,
        rows,
        bytes: bytes.length,
        exampleQuestions: [...definition.exampleQuestions],
        exampleQuery: definition.exampleQuery,
      },
    };
  } finally {
    db.close();
  }
}

/** Builds every sample in memory, in manifest order. */
export function buildAllSamples(SQL: SqlJsStatic): BuiltSample[] {
  return SAMPLES.map((definition) => buildSample(SQL, definition));
}

/** The manifest.json text, byte for byte as written to disk; checked against the schema the app reads it with. */
export function renderManifest(entries: readonly SampleEntry[]): string {
  z.array(sampleEntrySchema).parse(entries);
  return `${JSON.stringify(entries, null, 2)}\n`;
}

async function main(): Promise<void> {
  const SQL = await initSqlJs();
  const samples = buildAllSamples(SQL);
  mkdirSync(SAMPLES_DIRECTORY, { recursive: true });
  for (const sample of samples) {
    writeFileSync(join(SAMPLES_DIRECTORY, sample.manifestEntry.file), sample.bytes);
    const { tables, rows, bytes } = sample.manifestEntry;
    console.log(`${sample.manifestEntry.file}: ${tables} tables, ${rows} rows, ${bytes} bytes`);
  }
  writeFileSync(join(SAMPLES_DIRECTORY, "manifest.json"), renderManifest(samples.map((sample) => sample.manifestEntry)));
  console.log(`manifest.json: ${samples.length} samples`);
}

// Only when run as a script; importing this module (the test does) must not write files.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

// Builds the large-schema benchmark's `warehouse` database in memory: the three samples merged with generated domains.
import { join } from "node:path";
import type { Database, SqlJsStatic } from "sql.js";
import { createRandom, queryRows } from "../../sample-data/sample-kit";
import { copySampleTables, MERGED_SAMPLES } from "./copy-samples";
import type { WarehouseDomain } from "./domain";
import { INSURANCE_DOMAIN } from "./insurance";
import { PAYROLL_DOMAIN } from "./payroll";
import { REALTY_DOMAIN } from "./realty";
import { buildReferenceTables } from "./reference";
import { SCHOOL_DOMAIN } from "./school";
import { SHOP_DOMAIN } from "./shop";
import { SPORT_DOMAIN } from "./sport";
import { TRANSIT_DOMAIN } from "./transit";

export const WAREHOUSE_DB_ID = "warehouse";

/** The generated domains, in the order their tables are created. */
export const GENERATED_DOMAINS: readonly WarehouseDomain[] = [
  SHOP_DOMAIN,
  SCHOOL_DOMAIN,
  SPORT_DOMAIN,
  TRANSIT_DOMAIN,
  INSURANCE_DOMAIN,
  PAYROLL_DOMAIN,
  REALTY_DOMAIN,
];

export interface BuiltWarehouse {
  bytes: Uint8Array;
  /** Each domain's tables in creation order ("reference" for the shared countries and states). */
  tablesByDomain: Map<string, string[]>;
}

function tableNames(db: Database): string[] {
  return queryRows(db, "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid").map((row) => String(row[0]));
}

export function buildWarehouse(SQL: SqlJsStatic, samplesDirectory: string): BuiltWarehouse {
  const db = new SQL.Database();
  try {
    // Enforced while building, so a generator bug fails here instead of shipping dangling keys.
    db.run("PRAGMA foreign_keys = ON");
    const tablesByDomain = new Map<string, string[]>();
    const record = (domain: string, build: () => void): void => {
      const before = new Set(tableNames(db));
      build();
      tablesByDomain.set(
        domain,
        tableNames(db).filter((name) => !before.has(name)),
      );
    };
    for (const sample of MERGED_SAMPLES) record(sample, () => copySampleTables(SQL, db, join(samplesDirectory, `${sample}.sqlite`)));
    record("reference", () => buildReferenceTables(db));
    for (const domain of GENERATED_DOMAINS) record(domain.id, () => domain.build(db, createRandom(domain.seed)));
    const violations = queryRows(db, "PRAGMA foreign_key_check");
    if (violations.length > 0) throw new Error(`foreign key violations: ${JSON.stringify(violations.slice(0, 5))}`);
    // Rewrites the file with every page packed, so the committed file is as small as it can be.
    db.run("VACUUM");
    return { bytes: db.export(), tablesByDomain };
  } finally {
    db.close();
  }
}

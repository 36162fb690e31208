// Parses CSV/TSV/JSON text into a typed table (column names, SQLite types, converted rows) ready to insert into SQLite.
import Papa from "papaparse";
import { quoteIdentifier } from "./identifiers";
import { z } from "zod";
import { errorMessage } from "../error-message";

export type ColumnType = "INTEGER" | "REAL" | "TEXT";
export type CellValue = string | number | null;

export interface ParsedColumn {
  name: string;
  type: ColumnType;
}

/** A table ready for `createTableSql` + `insertSql`: every row has exactly one value per column. */
export interface ParsedTable {
  columns: ParsedColumn[];
  rows: CellValue[][];
  rowCount: number;
  /** Things a person should know about the import that did not stop it (padded rows, renamed columns…). */
  warnings: string[];
}

export type ImportErrorKind = "empty" | "ragged-rows" | "not-tabular" | "invalid-json" | "too-many-columns";

export interface ImportError {
  kind: ImportErrorKind;
  message: string;
}

export const columnTypeSchema = z.enum(["INTEGER", "REAL", "TEXT"]);

export const parsedColumnSchema: z.ZodType<ParsedColumn> = z.object({
  name: z.string().min(1),
  type: columnTypeSchema,
});

export const parsedTableSchema: z.ZodType<ParsedTable> = z
  .object({
    columns: z.array(parsedColumnSchema),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
    rowCount: z.number().int().nonnegative(),
    warnings: z.array(z.string()),
  })
  .refine((table) => table.rowCount === table.rows.length, { message: "rowCount must equal the number of rows" })
  .refine((table) => table.rows.every((row) => row.length === table.columns.length), {
    message: "every row must have one value per column",
  });

export const importErrorSchema: z.ZodType<ImportError> = z.object({
  kind: z.enum(["empty", "ragged-rows", "not-tabular", "invalid-json", "too-many-columns"]),
  message: z.string(),
});

export function isImportError(value: unknown): value is ImportError {
  return importErrorSchema.safeParse(value).success;
}

/** SQLite's default SQLITE_MAX_COLUMN: CREATE TABLE fails past it. */
export const MAX_COLUMNS = 2000;

export interface DelimitedOptions {
  /** Field separator; detected from the first rows when not given. */
  delimiter?: "," | "\t" | ";" | "|";
  /** Called with a fraction in [0, 1] as parsing goes (at most ~100 times), ending with 1 on success. */
  onProgress?: (fraction: number) => void;
}

const DELIMITERS_TO_GUESS = [",", "\t", ";", "|"];
/** Parser complaints (bad quotes) quoted one by one in the warnings; the rest are counted. */
const MAX_QUOTED_PARSER_WARNINGS = 5;

function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function tooManyColumns(count: number): ImportError {
  return {
    kind: "too-many-columns",
    message: `The data has ${count} columns; SQLite allows at most ${MAX_COLUMNS} columns in a table. Split the file or drop columns before importing.`,
  };
}

/**
 * Trimmed, non-blank, unique column names. SQLite compares column names case-insensitively, so `ID` and `id`
 * collide; a blank name becomes `column_N` (N = its 1-based position) and a repeated one `name_2`, `name_3`….
 */
export function uniqueColumnNames(rawNames: string[], warnings: string[]): string[] {
  const trimmed = rawNames.map((name) => name.trim());
  // Names as given are reserved first so a generated `name_2` never steals a later column's own name.
  const reserved = new Set(trimmed.filter((name) => name !== "").map((name) => name.toLowerCase()));
  const used = new Set<string>();
  const blankPositions: number[] = [];
  const renamed: string[] = [];
  const names = trimmed.map((name, index) => {
    const base = name === "" ? `column_${index + 1}` : name;
    let candidate = base;
    if (used.has(candidate.toLowerCase()) || (name === "" && reserved.has(candidate.toLowerCase()))) {
      let suffix = 2;
      while (used.has(`${base}_${suffix}`.toLowerCase()) || reserved.has(`${base}_${suffix}`.toLowerCase())) suffix++;
      candidate = `${base}_${suffix}`;
    }
    used.add(candidate.toLowerCase());
    if (name === "") blankPositions.push(index + 1);
    else if (candidate !== name) renamed.push(`"${name}" → "${candidate}"`);
    return candidate;
  });
  if (blankPositions.length > 0) {
    warnings.push(
      `${plural(blankPositions.length, "column had", "columns had")} no name and ${blankPositions.length === 1 ? "was" : "were"} named column_N after ${blankPositions.length === 1 ? "its" : "their"} position (${blankPositions.join(", ")}).`,
    );
  }
  if (renamed.length > 0) {
    const shown = renamed.slice(0, 10).join(", ");
    const more = renamed.length > 10 ? ` and ${renamed.length - 10} more` : "";
    warnings.push(`Repeated column names were made unique: ${shown}${more}.`);
  }
  return names;
}

// An integer literal as people write it: no leading zeros ("02134" is a code, not a number).
const INTEGER_PATTERN = /^[+-]?(?:0|[1-9]\d*)$/;
// A decimal or scientific number, with the same rule on leading zeros.
const REAL_PATTERN = /^[+-]?(?:(?:0|[1-9]\d*)(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

type CellClass = "empty" | "integer" | "real" | "text";

function classify(value: CellValue): CellClass {
  if (value === null) return "empty";
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) return "integer";
    return Number.isFinite(value) ? "real" : "text";
  }
  const trimmed = value.trim();
  if (trimmed === "") return "empty";
  if (INTEGER_PATTERN.test(trimmed)) {
    // Past 2^53 a JS number would change the digits; such a column stays TEXT so nothing is lost.
    return Number.isSafeInteger(Number(trimmed)) ? "integer" : "text";
  }
  if (REAL_PATTERN.test(trimmed) && Number.isFinite(Number(trimmed))) return "real";
  return "text";
}

/** Infers each column's type over all its values and converts the rows in place: numbers for INTEGER/REAL, NULL for empty cells. */
function typeAndConvert(names: string[], rows: CellValue[][]): ParsedColumn[] {
  const columns = names.map((name, columnIndex): ParsedColumn => {
    let sawInteger = false;
    let sawReal = false;
    for (const row of rows) {
      const cellClass = classify(row[columnIndex] ?? null);
      if (cellClass === "text") return { name, type: "TEXT" };
      if (cellClass === "integer") sawInteger = true;
      else if (cellClass === "real") sawReal = true;
    }
    if (sawReal) return { name, type: "REAL" };
    return { name, type: sawInteger ? "INTEGER" : "TEXT" };
  });
  for (const row of rows) {
    for (let columnIndex = 0; columnIndex < columns.length; columnIndex++) {
      const value = row[columnIndex] ?? null;
      if (value === null) {
        row[columnIndex] = null;
      } else if (typeof value === "string" && value.trim() === "") {
        row[columnIndex] = null;
      } else if (columns[columnIndex]!.type === "TEXT") {
        row[columnIndex] = typeof value === "number" ? String(value) : value;
      } else {
        row[columnIndex] = typeof value === "number" ? value : Number(value.trim());
      }
    }
  }
  return columns;
}

/** 1-based line numbers for offsets that only move forward, counting \n, \r\n and \r as one line break each. */
class LineCounter {
  private position = 0;
  private breaks = 0;

  constructor(private readonly text: string) {}

  lineAt(offset: number): number {
    if (offset < this.position) {
      this.position = 0;
      this.breaks = 0;
    }
    for (let index = this.position; index < offset; index++) {
      const code = this.text.charCodeAt(index);
      if (code === 13) this.breaks++;
      else if (code === 10 && this.text.charCodeAt(index - 1) !== 13) this.breaks++;
    }
    this.position = offset;
    return this.breaks + 1;
  }
}

function lineBreaksIn(fields: string[]): number {
  let breaks = 0;
  for (const field of fields) {
    const matches = field.match(/\r\n|\r|\n/g);
    if (matches) breaks += matches.length;
  }
  return breaks;
}

function describeShortRows(count: number, firstLine: string): string {
  return `${count === 1 ? "1 row had" : `${count} rows had`} fewer fields than the header (first at ${firstLine}); the missing cells are NULL.`;
}

/**
 * Parses CSV/TSV (or `;`/`|`-separated) text whose first non-empty row is the header. Empty and blank lines are skipped.
 * A row with more fields than the header is refused (importing it would drop data) unless the extra fields are all
 * empty, as with a trailing delimiter; a row with fewer is padded with NULL and reported in the warnings.
 */
export function parseDelimited(text: string, options: DelimitedOptions = {}): ParsedTable | ImportError {
  const input = stripByteOrderMark(text);
  const { onProgress } = options;
  const lines = new LineCounter(input);
  const warnings: string[] = [];
  const parserWarnings: string[] = [];
  let parserWarningCount = 0;

  // Declared with `as` so TypeScript does not narrow them to null: the parser callback assigns them.
  let header = null as string[] | null;
  const rows: CellValue[][] = [];
  let failure = null as ImportError | null;
  let shortRows = 0;
  let firstShortLine = 0;
  let trailingEmptyRows = 0;
  let firstTrailingEmptyLine = 0;
  let lastPercent = -1;

  const reportProgress = (fraction: number): void => {
    if (!onProgress) return;
    const percent = Math.min(100, Math.floor(fraction * 100));
    if (percent <= lastPercent) return;
    lastPercent = percent;
    onProgress(percent / 100);
  };

  Papa.parse<string[]>(input, {
    delimiter: options.delimiter ?? "",
    delimitersToGuess: DELIMITERS_TO_GUESS,
    skipEmptyLines: "greedy",
    header: false,
    dynamicTyping: false,
    step: (result, parser) => {
      const fields = result.data;
      const rowEnd = result.meta.cursor;
      // The cursor is past the row's line break; step back over it to find the row's last line, then back over
      // the line breaks inside quoted fields to find the line the row starts on, as a person would count it.
      let contentEnd = rowEnd;
      const linebreak = result.meta.linebreak;
      // An unclosed quote swallows the rest of the file, its final line break included.
      const unclosedQuote = result.errors.some((error) => error.code === "MissingQuotes");
      if (linebreak && !unclosedQuote && input.startsWith(linebreak, rowEnd - linebreak.length)) contentEnd -= linebreak.length;
      const lineOfRow = (): number => lines.lineAt(contentEnd) - lineBreaksIn(fields);

      for (const error of result.errors) {
        // An undetectable delimiter just means one column; comma is then the right default.
        if (error.type === "Delimiter") continue;
        parserWarningCount++;
        if (parserWarnings.length < MAX_QUOTED_PARSER_WARNINGS) parserWarnings.push(`Line ${lineOfRow()}: ${error.message}.`);
      }

      if (header === null) {
        header = fields;
        if (header.length > MAX_COLUMNS) {
          failure = tooManyColumns(header.length);
          parser.abort();
        }
      } else if (fields.length > header.length) {
        const extra = fields.slice(header.length);
        if (extra.every((field) => field.trim() === "")) {
          // A trailing delimiter (common in spreadsheet exports) adds empty fields that hold no data.
          trailingEmptyRows++;
          if (trailingEmptyRows === 1) firstTrailingEmptyLine = lineOfRow();
          rows.push(fields.slice(0, header.length));
        } else {
          failure = {
            kind: "ragged-rows",
            message: `Line ${lineOfRow()} has ${fields.length} fields but the header has ${header.length}. Nothing was imported.`,
          };
          parser.abort();
        }
      } else {
        if (fields.length < header.length) {
          shortRows++;
          if (shortRows === 1) firstShortLine = lineOfRow();
          const padded: CellValue[] = fields;
          while (padded.length < header.length) padded.push(null);
        }
        rows.push(fields);
      }
      if (input.length > 0) reportProgress(rowEnd / input.length);
    },
  });

  if (failure) return failure;
  if (header === null) {
    return { kind: "empty", message: "The file is empty: there is no header row and no data. Nothing was imported." };
  }
  const headerFields: string[] = header;
  if (rows.length === 0) {
    return {
      kind: "empty",
      message: `The file has a header row (${plural(headerFields.length, "column", "columns")}) but no data rows. Nothing was imported.`,
    };
  }

  const names = uniqueColumnNames(headerFields, warnings);
  if (shortRows > 0) warnings.push(describeShortRows(shortRows, `line ${firstShortLine}`));
  if (trailingEmptyRows > 0) {
    warnings.push(
      `${trailingEmptyRows === 1 ? "1 row had" : `${trailingEmptyRows} rows had`} empty fields after the last column (first at line ${firstTrailingEmptyLine}), as from a trailing delimiter; they were ignored.`,
    );
  }
  if (parserWarningCount > 0) {
    warnings.push(...parserWarnings);
    if (parserWarningCount > parserWarnings.length) {
      warnings.push(`${parserWarningCount - parserWarnings.length} more rows had quoting problems; check the file in a text editor.`);
    }
  }
  const columns = typeAndConvert(names, rows);
  reportProgress(1);
  return { columns, rows, rowCount: rows.length, warnings };
}

function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  if (typeof value === "boolean") return "a boolean";
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON value as a cell: booleans as 1/0 (as SQLite's JSON functions do), nested values as JSON text. */
function jsonCell(value: unknown): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return JSON.stringify(value);
}

const EXPECTED_JSON_SHAPE =
  'Expected an array of objects ([{"id": 1, "name": "a"}, …]), an array of arrays whose first row is the header ([["id", "name"], [1, "a"], …]), or an object holding one such array ({"data": […]}).';

function notTabular(what: string): ImportError {
  return { kind: "not-tabular", message: `${what} ${EXPECTED_JSON_SHAPE}` };
}

function tableFromObjects(items: Record<string, unknown>[], warnings: string[]): ParsedTable | ImportError {
  // Union of keys in first-seen order; a Map keeps insertion order and looks keys up fast.
  const keyIndex = new Map<string, number>();
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (!keyIndex.has(key)) keyIndex.set(key, keyIndex.size);
    }
  }
  if (keyIndex.size === 0) {
    return { kind: "empty", message: "The JSON objects have no properties, so there are no columns. Nothing was imported." };
  }
  if (keyIndex.size > MAX_COLUMNS) return tooManyColumns(keyIndex.size);
  const keys = [...keyIndex.keys()];
  const rows = items.map((item) => keys.map((key) => jsonCell(item[key])));
  const names = uniqueColumnNames(keys, warnings);
  const columns = typeAndConvert(names, rows);
  return { columns, rows, rowCount: rows.length, warnings };
}

function tableFromArrays(items: unknown[][], warnings: string[]): ParsedTable | ImportError {
  const [headerRow, ...dataRows] = items;
  if (!headerRow || headerRow.length === 0) {
    return { kind: "empty", message: "The first array (the header row) is empty, so there are no columns. Nothing was imported." };
  }
  if (headerRow.length > MAX_COLUMNS) return tooManyColumns(headerRow.length);
  const badHeader = headerRow.findIndex((name) => isPlainObject(name) || Array.isArray(name));
  if (badHeader !== -1) {
    return notTabular(
      `The header row (the first array) holds ${describeJsonType(headerRow[badHeader])} at position ${badHeader + 1}; column names must be strings.`,
    );
  }
  if (dataRows.length === 0) {
    return {
      kind: "empty",
      message: `The JSON has a header row (${plural(headerRow.length, "column", "columns")}) but no data rows. Nothing was imported.`,
    };
  }
  let shortRows = 0;
  let firstShortRow = 0;
  const rows: CellValue[][] = [];
  for (let index = 0; index < dataRows.length; index++) {
    const item = dataRows[index]!;
    // Rows are numbered like lines of a CSV: the header is row 1.
    const rowNumber = index + 2;
    if (item.length > headerRow.length) {
      return {
        kind: "ragged-rows",
        message: `Row ${rowNumber} (the header is row 1) has ${item.length} values but the header has ${headerRow.length}. Nothing was imported.`,
      };
    }
    if (item.length < headerRow.length) {
      shortRows++;
      if (shortRows === 1) firstShortRow = rowNumber;
    }
    rows.push(headerRow.map((_, column) => jsonCell(item[column])));
  }
  const names = uniqueColumnNames(
    headerRow.map((name) => (name === null || name === undefined ? "" : String(name))),
    warnings,
  );
  if (shortRows > 0) warnings.push(describeShortRows(shortRows, `row ${firstShortRow}`));
  const columns = typeAndConvert(names, rows);
  return { columns, rows, rowCount: rows.length, warnings };
}

function tableFromArray(items: unknown[], warnings: string[]): ParsedTable | ImportError {
  if (items.length === 0) return { kind: "empty", message: "The JSON array is empty. Nothing was imported." };
  const first = items[0];
  if (isPlainObject(first)) {
    const stray = items.findIndex((item) => !isPlainObject(item));
    if (stray !== -1) {
      return notTabular(`Item ${stray + 1} of the array is ${describeJsonType(items[stray])} but the first item is an object.`);
    }
    return tableFromObjects(items as Record<string, unknown>[], warnings);
  }
  if (Array.isArray(first)) {
    const stray = items.findIndex((item) => !Array.isArray(item));
    if (stray !== -1) {
      return notTabular(`Item ${stray + 1} of the array is ${describeJsonType(items[stray])} but the first item is an array.`);
    }
    return tableFromArrays(items as unknown[][], warnings);
  }
  return notTabular(`The JSON is an array of ${describeJsonType(first)} values, not of rows.`);
}

/**
 * Parses JSON rows: an array of objects (columns are the union of keys in first-seen order), an array of arrays
 * whose first row is the header, or an object with exactly one array property holding such rows (`{"data": […]}`).
 * Nested objects and arrays are stored as JSON text, booleans as 1/0; strings are typed like CSV cells.
 */
export function parseJsonRows(text: string): ParsedTable | ImportError {
  const input = stripByteOrderMark(text);
  if (input.trim() === "") return { kind: "empty", message: "The file is empty. Nothing was imported." };
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch (error) {
    const detail = errorMessage(error);
    return { kind: "invalid-json", message: `The file is not valid JSON: ${detail}` };
  }
  const warnings: string[] = [];
  if (Array.isArray(value)) return tableFromArray(value, warnings);
  if (isPlainObject(value)) {
    const arrayKeys = Object.keys(value).filter((key) => Array.isArray(value[key]));
    if (arrayKeys.length === 1) {
      const key = arrayKeys[0]!;
      if (Object.keys(value).length > 1) warnings.push(`Rows were read from the "${key}" property; the other properties were ignored.`);
      return tableFromArray(value[key] as unknown[], warnings);
    }
    if (arrayKeys.length > 1) {
      return notTabular(
        `The JSON object has several array properties (${arrayKeys.map((key) => `"${key}"`).join(", ")}), so it is unclear which holds the rows.`,
      );
    }
    return notTabular("The JSON object has no array property holding rows.");
  }
  return notTabular(`The JSON is ${describeJsonType(value)}, not a table.`);
}

// Words SQLite refuses as an unquoted table name (checked against sql.js): such a name would have to be quoted in
// every query, which people and models forget.
const RESERVED_TABLE_NAMES = new Set(
  (
    "add all alter and as autoincrement between case cast check collate commit constraint create current_date " +
    "current_time current_timestamp default deferrable delete distinct drop else escape except exists foreign from " +
    "group having if in index insert intersect into is isnull join limit not nothing notnull null on or order primary " +
    "raise references returning select set table then to transaction union unique update using values when where"
  ).split(" "),
);

/**
 * A table name from a file name: `Sales Report 2024.csv` → `sales_report_2024`. Lower case, letters (any script),
 * digits and `_`; `t_` in front when it would start with a digit, be a reserved SQL word (`order`) or use SQLite's reserved
 * `sqlite_` prefix; `_2`, `_3`… when it collides (case-insensitively) with an existing name.
 */
export function tableNameFromFileName(fileName: string, existingNames: string[]): string {
  const baseName = fileName.split(/[\\/]/).pop() ?? "";
  const withoutExtension = baseName.includes(".") && !baseName.startsWith(".") ? baseName.slice(0, baseName.lastIndexOf(".")) : baseName;
  let name = withoutExtension
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
  if (name === "") name = "imported";
  if (/^\p{N}/u.test(name) || RESERVED_TABLE_NAMES.has(name) || name.startsWith("sqlite_")) name = `t_${name}`;

  const taken = new Set(existingNames.map((existing) => existing.toLowerCase()));
  if (!taken.has(name)) return name;
  let suffix = 2;
  while (taken.has(`${name}_${suffix}`)) suffix++;
  return `${name}_${suffix}`;
}

/** `CREATE TABLE "name" ("a" INTEGER, "b" TEXT)` for a parsed table. */
export function createTableSql(name: string, table: ParsedTable): string {
  const columns = table.columns.map((column) => `${quoteIdentifier(column.name)} ${column.type}`).join(", ");
  return `CREATE TABLE ${quoteIdentifier(name)} (${columns})`;
}

/** `INSERT INTO "name" VALUES (?, ?)` with one placeholder per column, to bind each row to. */
export function insertSql(name: string, table: ParsedTable): string {
  const placeholders = table.columns.map(() => "?").join(", ");
  return `INSERT INTO ${quoteIdentifier(name)} VALUES (${placeholders})`;
}

// search_schema's observation: the tables and columns found, each with its reasons, as bounded text the model reads.
import { formatCountOf } from "../format";
import type { MeasureConcept } from "../schema/measure-concepts";
import type { SchemaSearchHit, SchemaSearchResult, SearchReason } from "../schema/schema-search";
import { DEFAULT_OBSERVATION_CHARACTERS } from "./observation-text";

/** A stored value quoted in a reason: long prose is cut, so one value cannot fill the observation. */
const VALUE_CHARACTERS = 60;
const LEFT_OUT = " [not in the schema above]";
const MEASURE_WORDS: Record<MeasureConcept, string> = { money: "an amount of money", rating: "a rating", quantity: "a quantity", area: "an area" };

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, " ");
  return `'${flat.length > VALUE_CHARACTERS ? `${flat.slice(0, VALUE_CHARACTERS - 1)}…` : flat}'`;
}

export function reasonText(reason: SearchReason): string {
  switch (reason.kind) {
    case "name":
      return `name match ${quoted(reason.word)}`;
    case "description":
      return `description match ${quoted(reason.word)}`;
    case "sub-word":
      return `sub-word ${quoted(reason.part)} in ${quoted(reason.word)}${reason.in === "description" ? " (description)" : ""}`;
    case "words":
      return "word match";
    case "dense":
      return "dense (close in meaning)";
    case "measure":
      return `holds ${reason.measures.map((measure) => MEASURE_WORDS[measure]).join(" or ")}, the kind of figure asked for`;
    case "value": {
      const { match } = reason;
      const where = `${match.table}.${match.column}`;
      if (match.kind === "exact") return `value match ${quoted(match.value)} in ${where}`;
      if (match.kind === "year") return `dates in ${where} span the year`;
      return `word found in values of ${where}, e.g. ${quoted(match.value)}`;
    }
  }
}

function hitLine(hit: SchemaSearchHit, shown: Record<string, string[]> | undefined): string {
  const leftOut = shown !== undefined && (hit.column === undefined ? !(hit.table in shown) : !(shown[hit.table] ?? []).includes(hit.column));
  const reasons = hit.reasons.map(reasonText);
  if (hit.column === undefined) {
    if ((hit.matchingColumns ?? 0) > 0) reasons.push(formatCountOf(hit.matchingColumns ?? 0, "matching column"));
    const rows = hit.rowCount === null || hit.rowCount === undefined ? "" : ` (${formatCountOf(hit.rowCount, "row")})`;
    return `- ${hit.table}${rows}${leftOut ? LEFT_OUT : ""}: ${reasons.join("; ")}`;
  }
  return `- ${hit.table}.${hit.column} ${hit.type || "ANY"}${leftOut ? LEFT_OUT : ""}: ${reasons.join("; ")}`;
}

export interface SchemaSearchTextOptions {
  /** The tables and columns the prompt's schema shows (the pruning's kept set): hits outside it are marked. */
  shown?: Record<string, string[]>;
  maxCharacters?: number;
}

/**
 * The search as the model reads it: what was searched and how, the tables, then the columns, best first; hits the
 * prompt's schema left out are marked, since those are what the model came for. Said plainly when nothing matched.
 * Bounded: lines past the character budget are left out, and the last line says how many.
 */
export function schemaSearchText(result: SchemaSearchResult, options: SchemaSearchTextOptions = {}): string {
  const maxCharacters = options.maxCharacters ?? DEFAULT_OBSERVATION_CHARACTERS;
  const searched = result.valuesSearched
    ? "names, descriptions and stored values"
    : "names and descriptions (not stored values: the person shares the schema only)";
  const how = `${searched}${result.denseUsed ? ", and meaning by the embedding model" : ""}`;
  const notes = result.denseUnavailable ? [`${result.denseUnavailable} Ranked without the embedding model.`] : [];
  if (result.tables.length === 0 && result.columns.length === 0) {
    return [
      `Nothing in the whole schema matches "${result.terms}" by ${how}.`,
      ...notes,
      "Try other words (a synonym, the language of the schema's names, a shorter word), or list_tables.",
    ].join("\n");
  }
  const header = result.matchedByWords
    ? `Whole-schema search for "${result.terms}" by ${how}:`
    : `No name, description or value matches "${result.terms}"; closest in meaning by the embedding model:`;
  const lines = [header, ...notes];
  const body = [
    ...(result.tables.length ? ["Tables:", ...result.tables.map((hit) => hitLine(hit, options.shown))] : []),
    ...(result.columns.length ? ["Columns:", ...result.columns.map((hit) => hitLine(hit, options.shown))] : []),
  ];
  const footer = "describe_table shows a table's columns and keys; use names exactly as listed.";
  let used = lines.join("\n").length + footer.length + 80;
  let shownLines = 0;
  for (const line of body) {
    if (used + line.length + 1 > maxCharacters) break;
    lines.push(line);
    used += line.length + 1;
    shownLines += 1;
  }
  if (shownLines < body.length) lines.push(`(${body.length - shownLines} more lines left out to keep this short)`);
  lines.push(footer);
  return lines.join("\n");
}

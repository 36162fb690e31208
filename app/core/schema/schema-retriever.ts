// Scores a schema's tables and columns against a question: lexical (BM25), value matching and, when a model is given, dense.
import type { DatabaseSchema } from "../db/types";
import { passageInput, queryInput } from "./embedding-prefixes";
import { detectLanguage, stopwords, type Language } from "./language";
import { LexicalIndex, type UnitWords } from "./lexical-index";
import { columnMeasures, questionMeasures, type MeasureConcept } from "./measure-concepts";
import { profilesByTable } from "./profile-index";
import { loadStemmer } from "./stemmers";
import { SubwordVocabulary } from "./sub-words";
import { splitIdentifier, stemWord, textWords } from "./text-terms";
import { Pacer, runPaced, runToEnd } from "../yield-to-events";
import type { ColumnProfile, DatabaseProfile, SchemaDescriptions, StageScores, TextEmbedder } from "./types";
import type { ValueMatch, ValueMatcher } from "./value-index";

/** One thing the question can be matched against: a table, or one column of a table. */
export interface RetrievalUnit {
  kind: "table" | "column";
  table: string;
  column?: string;
  /** What the embedding model reads: names in words, type, description, examples. */
  text: string;
}

export interface SchemaIndexInput {
  schema: DatabaseSchema;
  profile?: DatabaseProfile | null;
  descriptions?: SchemaDescriptions | null;
  values?: ValueMatcher | null;
}

export interface QuestionScores {
  /** Per unit (same order as units), each stage normalized to 0..1 over the units of the same kind. */
  stages: StageScores[];
  /** The strongest value match per column unit index. */
  valueMatches: Map<number, ValueMatch>;
  denseUsed: boolean;
  /** The language told from the question and the schema's words (its stemmer and stoplist were used); null: none told. */
  language: Language | null;
}

/** An embedding of a retriever's units under way (SchemaRetriever.prepareDense). */
interface DensePreparation {
  embedder: TextEmbedder;
  modelId: string;
  embedded: number;
  stopped: boolean;
  inBackground: boolean;
  done: Promise<void>;
}

/** Units embedded per call of prepareDense (the embedder batches them further). */
const DENSE_CHUNK = 256;

/** Schema words read for telling the language: enough for descriptions to have a voice, bounded for huge schemas. */
const SCHEMA_WORDS_FOR_LANGUAGE = 5000;
const NO_STOPWORDS: ReadonlySet<string> = new Set();

/** Words of an identifier as a person would say them: `loyalty_tier` → "loyalty tier". */
export function spokenName(name: string): string {
  return splitIdentifier(name).join(" ").toLowerCase();
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let index = 0; index < a.length; index += 1) dot += a[index] * b[index];
  return dot; // both unit length
}

/** Cosines crowd into a narrow band; min–max over the units of a kind spreads them to 0..1. */
function normalizeMinMax(scores: ArrayLike<number>, indexes: number[]): Map<number, number> {
  let min = Infinity;
  let max = -Infinity;
  for (const index of indexes) {
    min = Math.min(min, scores[index]);
    max = Math.max(max, scores[index]);
  }
  const span = max - min;
  return new Map(indexes.map((index) => [index, span > 1e-9 ? (scores[index] - min) / span : 0]));
}

/** What a retriever is built from its schema: the units, their words, and where each table's and column's unit is. */
interface PreparedUnits {
  units: RetrievalUnit[];
  unitWords: UnitWords[];
  columnUnitIndex: Map<string, number>;
  tableUnitIndex: Map<string, number>;
  measureUnits: Map<number, MeasureConcept[]>;
  vocabulary: SubwordVocabulary;
  schemaWords: string[];
}

/** The units of a schema, a table a step (see runPaced: a schema of 5,000 tables took ~0.25 s). */
function* prepareUnits(input: SchemaIndexInput): Generator<void, PreparedUnits> {
  const units: RetrievalUnit[] = [];
  const unitWords: UnitWords[] = [];
  const columnUnitIndex = new Map<string, number>();
  const tableUnitIndex = new Map<string, number>();
  const measureUnits = new Map<number, MeasureConcept[]>();
  const profiles = input.profile ? profilesByTable(input.profile) : new Map<string, Map<string, ColumnProfile>>();

  for (const table of input.schema.tables) {
    const keys = new Set([
      ...table.columns.filter((column) => column.primaryKeyPosition > 0).map((column) => column.name),
      ...table.foreignKeys.flatMap((key) => key.fromColumns),
    ]);
    const tableDescription = input.descriptions?.tables[table.name]?.description?.text ?? "";
    tableUnitIndex.set(table.name, units.length);
    units.push({
      kind: "table",
      table: table.name,
      text: `table ${spokenName(table.name)}${tableDescription ? `: ${tableDescription}` : ""}; columns ${table.columns.map((column) => spokenName(column.name)).join(", ")}`,
    });
    unitWords.push({ name: textWords(table.name), description: textWords(tableDescription) });

    for (const column of table.columns) {
      const description = input.descriptions?.tables[table.name]?.columns[column.name]?.text ?? column.comment ?? "";
      const examples = profiles.get(table.name)?.get(column.name)?.examples.slice(0, 3) ?? [];
      columnUnitIndex.set(`${table.name}\u0000${column.name}`, units.length);
      units.push({
        kind: "column",
        table: table.name,
        column: column.name,
        text: `${spokenName(column.name)} of ${spokenName(table.name)} (${column.type || "any"})${description ? `: ${description}` : ""}${examples.length ? `; e.g. ${examples.join(", ")}` : ""}`,
      });
      const nameWords = textWords(column.name);
      const measures = columnMeasures(column, nameWords, keys.has(column.name));
      if (measures.length > 0) measureUnits.set(units.length - 1, measures);
      unitWords.push({ name: nameWords, description: textWords(description) });
    }
    yield;
  }
  return {
    units,
    unitWords,
    columnUnitIndex,
    tableUnitIndex,
    measureUnits,
    vocabulary: new SubwordVocabulary(unitWords.flatMap((unit) => unit.name)),
    schemaWords: unitWords.flatMap((unit) => [...unit.name, ...unit.description]).slice(0, SCHEMA_WORDS_FOR_LANGUAGE),
  };
}

/**
 * Built once per database (and rebuilt when descriptions change): the units, their BM25 index, and the unit
 * embeddings per model once asked for. Scoring one question is then a BM25 pass, a value lookup, and one
 * embedding of the question.
 */
export class SchemaRetriever {
  readonly schema: DatabaseSchema;
  readonly input: SchemaIndexInput;
  readonly units: RetrievalUnit[];
  /** Each unit's words (same order as units), stemmed by whichever language a question is in. */
  private readonly unitWords: UnitWords[];
  private readonly vocabulary: SubwordVocabulary;
  private readonly schemaWords: string[];
  /** Lexical indexes per stemmer ("": the built-in one), each built the first time a question needs it. */
  private readonly lexicalIndexes = new Map<Language | "", Promise<LexicalIndex>>();
  private readonly values: ValueMatcher | null;
  private readonly columnUnitIndex: Map<string, number>;
  private readonly tableUnitIndex: Map<string, number>;
  /** The column units whose names say they hold a kind of figure (an amount, a rating…), with the kinds. */
  private readonly measureUnits: Map<number, MeasureConcept[]>;
  private denseVectors: { modelId: string; vectors: Float32Array[] } | null = null;
  private densePreparation: DensePreparation | null = null;
  private denseStopped = false;

  /** Built at once (a test, a caller off the page); SchemaRetriever.build pauses for the page's events. */
  constructor(input: SchemaIndexInput, prepared: PreparedUnits = runToEnd(prepareUnits(input))) {
    this.input = input;
    this.schema = input.schema;
    this.values = input.values ?? null;
    this.units = prepared.units;
    this.unitWords = prepared.unitWords;
    this.columnUnitIndex = prepared.columnUnitIndex;
    this.tableUnitIndex = prepared.tableUnitIndex;
    this.measureUnits = prepared.measureUnits;
    this.vocabulary = prepared.vocabulary;
    this.schemaWords = prepared.schemaWords;
  }

  /**
   * Built between pauses for queued events (runPaced): on the page's main thread a schema of 5,000 tables held it
   * for ~0.8 s in one task when its first question was asked.
   */
  static async build(input: SchemaIndexInput, pacer = new Pacer()): Promise<SchemaRetriever> {
    return new SchemaRetriever(input, await pacer.run(prepareUnits(input)));
  }

  /**
   * The lexical index stemmed for a language (its Snowball stemmer loaded on first use), or with the built-in stemmer
   * when none is told or its stemmer fails to load; built between pauses (runPaced) the first time.
   */
  private lexicalIndex(language: Language | null): Promise<LexicalIndex> {
    const key = language ?? "";
    let index = this.lexicalIndexes.get(key);
    if (!index) {
      const stem = key === "" ? Promise.resolve(stemWord) : loadStemmer(key);
      index = stem.then((stem) => runPaced(LexicalIndex.build(this.unitWords, this.vocabulary, stem)));
      // A stemmer that failed to load is not remembered: the next question tries again, and this one ranks without it.
      index.catch(() => this.lexicalIndexes.delete(key));
      this.lexicalIndexes.set(key, index);
    }
    return key === "" ? index : index.catch(() => this.lexicalIndex(null));
  }

  columnUnit(table: string, column: string): number | undefined {
    return this.columnUnitIndex.get(`${table}\u0000${column}`);
  }

  tableUnit(table: string): number | undefined {
    return this.tableUnitIndex.get(table);
  }

  /** The kinds of figure a column unit's name says it holds (measure-concepts.ts); none for a table or another column. */
  measuresOf(unit: number): readonly MeasureConcept[] {
    return this.measureUnits.get(unit) ?? [];
  }

  /**
   * Stops the embedding of the units that runs meanwhile (prepareDense with inBackground) after the chunk under way, and
   * starts none again: the page no longer uses this retriever (another database, new descriptions), and the model
   * worker answers in turn, so a large schema's embedding left running would keep the next database's question waiting
   * for it. That preparation rejects and keeps nothing. An embedding a question waits for is not stopped: it is short.
   */
  stopDense(): void {
    this.denseStopped = true;
    if (this.densePreparation?.inBackground) this.densePreparation.stopped = true;
  }

  /** Whether stopDense was called: no embedding is started meanwhile any more. */
  get isDenseStopped(): boolean {
    return this.denseStopped;
  }

  /** Whether every unit is embedded with this model (a question's dense stage then costs one embedding). */
  hasDense(modelId: string): boolean {
    return this.denseVectors?.modelId === modelId;
  }

  /** How many of the units are embedded with this model so far: all once ready, some while prepareDense runs. */
  denseEmbedded(modelId: string): number {
    if (this.hasDense(modelId)) return this.units.length;
    return this.densePreparation?.modelId === modelId ? this.densePreparation.embedded : 0;
  }

  /**
   * Embeds every unit with this model, once; later questions reuse the vectors. A call while one runs with the same
   * embedder shares it (not with another embedder of the same model: the page's embedder changes when its worker is
   * started anew, and the old one's calls may never answer); one that fails or is stopped leaves nothing, so the next
   * call begins again. The units go DENSE_CHUNK at a time, so denseEmbedded can tell how far it has come (a schema of
   * thousands of tables has tens of thousands). `inBackground`: nobody waits for it, and stopDense stops it.
   */
  prepareDense(embedder: TextEmbedder, inBackground = false): Promise<void> {
    const { modelId } = embedder;
    if (this.hasDense(modelId)) return Promise.resolve();
    const running = this.densePreparation;
    if (running && running.embedder === embedder && !running.stopped) {
      // A question waiting for it now: stopDense leaves it be.
      if (!inBackground) running.inBackground = false;
      return running.done;
    }
    if (running) running.stopped = true;
    const preparation: DensePreparation = { embedder, modelId, embedded: 0, stopped: false, inBackground, done: Promise.resolve() };
    // Registered before its first step, so that a failure however early clears it (finally, below).
    this.densePreparation = preparation;
    preparation.done = (async () => {
      try {
        const vectors: Float32Array[] = [];
        for (let start = 0; start < this.units.length; start += DENSE_CHUNK) {
          const chunk = this.units.slice(start, start + DENSE_CHUNK).map((unit) => passageInput(modelId, unit.text));
          vectors.push(...(await embedder.embed(chunk)));
          if (preparation.stopped) throw new Error("The embedding of this schema was stopped: it is no longer the one in use.");
          preparation.embedded = vectors.length;
        }
        this.denseVectors = { modelId, vectors };
      } finally {
        if (this.densePreparation === preparation) this.densePreparation = null;
      }
    })();
    return preparation.done;
  }

  /** Every stage's score for every unit. Dense runs only when an embedder is given (and prepares it first). */
  async score(question: string, embedder?: TextEmbedder | null): Promise<QuestionScores> {
    const tableIndexes = [...this.tableUnitIndex.values()];
    const columnIndexes = [...this.columnUnitIndex.values()];
    const stages: StageScores[] = this.units.map(() => ({}));

    const questionWords = textWords(question);
    const language = detectLanguage(questionWords, this.schemaWords);
    const stop = language ? stopwords(language) : NO_STOPWORDS;
    const contentWords = questionWords.filter((word) => !stop.has(word));
    const lexical = (await this.lexicalIndex(language)).score(contentWords);
    for (const group of [tableIndexes, columnIndexes]) {
      // One scale for both: a sub-word match is measured against the best exact one, so it stays weaker evidence.
      let max = 0;
      for (const index of group) max = Math.max(max, lexical.exact[index], lexical.subword[index]);
      for (const index of group) {
        stages[index].lexical = max > 0 ? lexical.exact[index] / max : 0;
        if (lexical.subword[index] > 0) stages[index].subword = lexical.subword[index] / max;
      }
    }

    // The kind of figure the question asks for ("how much did they charge" → an amount): which columns hold one.
    const asked = questionMeasures(questionWords);
    if (asked.size > 0) for (const [unit, measures] of this.measureUnits) if (measures.some((measure) => asked.has(measure))) stages[unit].measure = 1;

    const valueMatches = new Map<number, ValueMatch>();
    if (this.values) {
      for (const index of [...tableIndexes, ...columnIndexes]) stages[index].value = 0;
      for (const match of await this.values.match(question, language)) {
        const index = this.columnUnit(match.table, match.column);
        if (index === undefined) continue;
        valueMatches.set(index, match);
        stages[index].value = match.score;
        const tableIndex = this.tableUnit(match.table);
        // A year says which date column, not which table: most tables of a large schema have dates spanning it.
        if (tableIndex !== undefined && match.kind !== "year") stages[tableIndex].value = Math.max(stages[tableIndex].value ?? 0, match.score);
      }
    }

    let denseUsed = false;
    if (embedder) {
      await this.prepareDense(embedder);
      const [questionVector] = await embedder.embed([queryInput(embedder.modelId, question)]);
      const vectors = this.denseVectors?.vectors ?? [];
      const similarities = vectors.map((vector) => cosine(questionVector, vector));
      for (const group of [tableIndexes, columnIndexes]) {
        for (const [index, value] of normalizeMinMax(similarities, group)) stages[index].dense = value;
      }
      denseUsed = true;
    }
    return { stages, valueMatches, denseUsed, language };
  }
}

// Value matching: finds the words and phrases of a question among the stored text values of columns ('Paris' → city.name).
import { degreeWords, detectLanguage, stopwords, type Language } from "./language";
import type { NamedCodes } from "./named-codes";
import { COUNTRY_CODES } from "./region-codes";
import { US_STATE_CODES } from "./us-states";
import { foldText, textWords } from "./text-terms";

export interface ColumnValues {
  table: string;
  column: string;
  values: string[];
}

export interface ValueMatch {
  table: string;
  column: string;
  /** The value as stored. */
  value: string;
  /** How strongly the question points at this column through it (0..1). */
  score: number;
  /**
   * "exact": a phrase of the question is a whole stored value, or one with its last word inflected ("annual passes"
   * → 'Annual pass'); "part": a whole stored value is the head or modifier of a word of the question, or the word
   * inflected ('Strom' in "Stromtarif", 'Condo' in "condos"), or a form of the same long stem ("dermatologists" →
   * 'Dermatology'); "word": a rare word of the question occurs inside values; "year": a year the column's dates span.
   */
  kind: "exact" | "part" | "word" | "year";
}

/** ISO dates and timestamps as SQLite stores them in text: the year is what questions name ("in 2024"). */
const ISO_DATE = /^(\d{4})-\d{2}(-\d{2})?([ T]|$)/;

/** Longest phrase, in words, looked up as a whole value. */
const MAX_PHRASE_WORDS = 8;
/** Values longer than this are prose, not names: only their words are indexed. */
const MAX_EXACT_VALUE_LENGTH = 120;
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

interface Place {
  column: number;
  value: string;
}

/** What ranking needs of a value index: the index itself, or one kept in the SQLite worker and asked through it (the page). */
export interface ValueMatcher {
  /** `language`: the question's, told with the schema's words (the retriever's); told from the question alone when not given. */
  match(question: string, language?: Language | null): ValueMatch[] | Promise<ValueMatch[]>;
  readonly valueCount: number;
}

/** The key a value and a question phrase are compared by: folded words joined by one space. */
export function valueKey(text: string): string {
  return textWords(text).join(" ");
}

/**
 * An index of a database's distinct text values, built once per database: whole values by their folded words,
 * and which columns each word occurs in. Matching a question costs a few map lookups per word.
 */
export class ValueIndex implements ValueMatcher {
  private readonly columns: Array<{ table: string; column: string }> = [];
  private readonly exact = new Map<string, Place[]>();
  /** Values in scripts without spaces, matched as substrings of the question. */
  private readonly unspaced: Array<{ key: string; place: Place }> = [];
  /** word → columns whose values contain it, with one example value. */
  private readonly words = new Map<string, Map<number, string>>();
  /** Columns of ISO dates, with the years they span. */
  private readonly dateColumns: Array<{ column: number; from: number; to: number; example: string }> = [];
  /** Per column while it is being added: what the date test needs (how many values, how many ISO dates, their years). */
  private readonly dateTallies: Array<{ values: number; dates: number; from: number; to: number; example: string }> = [];
  /** Per column while it is being added, per kind of named code (NAMED_CODES): its distinct values of that kind ('CH', 'TX'). */
  private readonly regionTallies: Array<Array<Set<string>>> = [];
  /** Per column while it is being added: its distinct short codes ('GK', 'MF'), null once a value is not one. */
  private readonly codeTallies: Array<Set<string> | null> = [];
  /** Columns whose values are all short codes, with the codes: matched by the words they abbreviate ("goalkeepers" → 'GK'). */
  private readonly codeColumns: Array<{ column: number; codes: string[] }> = [];
  /** Columns whose values are country or US state codes, with the codes they hold and what names them. */
  private readonly regionColumns: Array<{ column: number; codes: string[]; kind: NamedCodes }> = [];
  /**
   * Per language told: folded region name → the code columns holding it ("schweiz" → Städte.Land 'CH', "texas" →
   * stores.state 'TX'); built on first use.
   */
  private readonly regionNameKeys = new Map<Language | "", Map<string, Place[]>>();
  /** Built on first use from the whole values (singleWordValues), dropped when values are added. */
  private singleWordKeys: Map<string, string[]> | null = null;
  /** The same values by their first CLIPPED_MIN letters (clippedValues), built on first use, dropped when values are added. */
  private clippedWordKeys: Map<string, string[]> | null = null;
  private count = 0;

  /** All columns at once (tests, small databases); the streamed builder adds them chunk by chunk instead. */
  constructor(columnValues: ColumnValues[] = []) {
    for (const { table, column, values } of columnValues) {
      const columnIndex = this.addColumn(table, column);
      this.addValues(columnIndex, values);
      this.finishColumn(columnIndex);
    }
  }

  get valueCount(): number {
    return this.count;
  }

  /** Starts a column; its values follow in any number of addValues calls, then finishColumn. */
  addColumn(table: string, column: string): number {
    this.dateTallies.push({ values: 0, dates: 0, from: Infinity, to: -Infinity, example: "" });
    this.regionTallies.push(NAMED_CODES.map(() => new Set()));
    this.codeTallies.push(new Set());
    return this.columns.push({ table, column }) - 1;
  }

  /**
   * Adds distinct values of a column. `keys`, when given, are their valueKey()s computed before (a stored index
   * reloaded): folding is most of the cost of building, so a reload skips it.
   */
  addValues(columnIndex: number, values: readonly string[], keys?: readonly string[]): void {
    const tally = this.dateTallies[columnIndex]!;
    const regionCodes = this.regionTallies[columnIndex]!;
    this.singleWordKeys = null;
    this.clippedWordKeys = null;
    for (let position = 0; position < values.length; position += 1) {
      const value = values[position]!;
      this.count += 1;
      if (tally.values === 0) tally.example = value;
      tally.values += 1;
      const year = ISO_DATE.exec(value)?.[1];
      if (year) {
        tally.dates += 1;
        tally.from = Math.min(tally.from, Number(year));
        tally.to = Math.max(tally.to, Number(year));
      }
      const codes = this.codeTallies[columnIndex];
      if (codes) this.codeTallies[columnIndex] = SHORT_CODE.test(value) && codes.size < MAX_ABBREVIATION_CODES ? codes.add(value) : null;
      if (value.length === 2)
        NAMED_CODES.forEach((kind, kindIndex) => {
          if (regionCodes[kindIndex]!.size < kind.maxCodes && kind.isCode(value)) regionCodes[kindIndex]!.add(value);
        });
      const key = keys ? keys[position]! : valueKey(value);
      if (!key) continue;
      if (value.length <= MAX_EXACT_VALUE_LENGTH) {
        const place = { column: columnIndex, value };
        if (UNSPACED_SCRIPT.test(key)) this.unspaced.push({ key: key.replace(/ /g, ""), place });
        let places = this.exact.get(key);
        if (!places) this.exact.set(key, (places = []));
        if (!places.some((existing) => existing.column === columnIndex)) places.push(place);
      }
      for (const word of new Set(key.split(" "))) {
        if (word.length < 4 || /^\p{N}+$/u.test(word)) continue;
        let columns = this.words.get(word);
        if (!columns) this.words.set(word, (columns = new Map()));
        if (!columns.has(columnIndex)) columns.set(columnIndex, value);
      }
    }
  }

  /** Ends a column: a column whose values are mostly ISO dates is matched by the years it spans. */
  finishColumn(columnIndex: number): void {
    const tally = this.dateTallies[columnIndex]!;
    if (tally.values > 0 && tally.dates >= 0.8 * tally.values)
      this.dateColumns.push({ column: columnIndex, from: tally.from, to: tally.to, example: tally.example });
    // Only a column of codes and little else: a code among names ('GK' beside 'Goalkeeper') is not read as a country.
    // A column may be both kinds ('CA', 'DE', 'IN' are countries and states): then either name finds it.
    NAMED_CODES.forEach((kind, kindIndex) => {
      const regionCodes = this.regionTallies[columnIndex]![kindIndex]!;
      if (regionCodes.size >= MIN_REGION_CODES && regionCodes.size >= REGION_CODE_SHARE * tally.values) {
        this.regionColumns.push({ column: columnIndex, codes: [...regionCodes], kind });
        this.regionNameKeys.clear();
      }
    });
    this.regionTallies[columnIndex] = [];
    const codes = this.codeTallies[columnIndex];
    if (codes && codes.size >= 2) this.codeColumns.push({ column: columnIndex, codes: [...codes] });
    this.codeTallies[columnIndex] = null;
  }

  /** Region names in the language told (and English), folded, each with the code columns that store it. */
  private regionNamesFor(language: Language | null): Map<string, Place[]> {
    let names = this.regionNameKeys.get(language ?? "");
    if (!names) {
      names = new Map();
      for (const { column, codes, kind } of this.regionColumns) {
        for (const code of codes) {
          for (const name of kind.names(code, language)) {
            const key = valueKey(name);
            if (!key) continue;
            let places = names.get(key);
            if (!places) names.set(key, (places = []));
            if (!places.some((existing) => existing.column === column)) places.push({ column, value: code });
          }
        }
      }
      this.regionNameKeys.set(language ?? "", names);
    }
    return names;
  }

  /** Single-word stored values (letters only, long enough to have a stem), by their first SHARED_STEM_MIN letters. */
  private singleWordValues(): Map<string, string[]> {
    if (!this.singleWordKeys) {
      this.singleWordKeys = new Map();
      for (const key of this.exact.keys()) {
        if (key.length < SHARED_STEM_MIN || !/^\p{L}+$/u.test(key)) continue;
        const prefix = key.slice(0, SHARED_STEM_MIN);
        const keys = this.singleWordKeys.get(prefix);
        if (keys) keys.push(key);
        else this.singleWordKeys.set(prefix, [key]);
      }
    }
    return this.singleWordKeys;
  }

  /** Single-word stored values (letters only) long enough to be clipped, by their first CLIPPED_MIN letters. */
  private clippedValues(): Map<string, string[]> {
    if (!this.clippedWordKeys) {
      this.clippedWordKeys = new Map();
      for (const key of this.exact.keys()) {
        if (key.length < CLIPPED_MIN + CLIPPED_LETTERS_MIN || !/^\p{L}+$/u.test(key)) continue;
        const prefix = key.slice(0, CLIPPED_MIN);
        const keys = this.clippedWordKeys.get(prefix);
        if (keys) keys.push(key);
        else this.clippedWordKeys.set(prefix, [key]);
      }
    }
    return this.clippedWordKeys;
  }

  /**
   * The stored words a question word is a clipped form of ("maths" → 'Mathematics', "info" → 'Information', "Mathe" →
   * 'Mathematik'): the word, or the word without a plural -s, begins the stored word, which goes on for at least
   * CLIPPED_LETTERS_MIN letters more (so not a suffix: "market" is no clipping of 'Marketing'). Not when the question
   * word is itself a word of the stored values (a word, not a clipping), nor when the rest is one (a compound:
   * "Kunden" in 'Kundenservice'). Only when it begins at most MAX_CLIPPED_EXPANSIONS stored words: "stat" begins too
   * many to say which one is meant.
   */
  private clippedForms(word: string): string[] {
    if (this.words.has(word)) return [];
    const clips = new Set([word, ...(word.endsWith("s") ? [word.slice(0, -1)] : [])].filter((clip) => clip.length >= CLIPPED_MIN));
    const found = new Set<string>();
    for (const clip of clips) {
      for (const key of this.clippedValues().get(clip.slice(0, CLIPPED_MIN)) ?? []) {
        if (key.length < clip.length + CLIPPED_LETTERS_MIN || !key.startsWith(clip)) continue;
        const rest = key.slice(clip.length);
        if (!this.words.has(rest) && !this.exact.has(rest)) found.add(key);
      }
    }
    return found.size <= MAX_CLIPPED_EXPANSIONS ? [...found] : [];
  }

  /**
   * Stored values that are the phrase words[start, start + length) with its last word ending up to INFLECTION_MAX
   * letters earlier (a plural, a case ending), the stem kept at least INFLECTION_STEM_MIN letters; fewest letters cut
   * first, and only when one column holds it (shared, it says little on top of the words that name it).
   */
  private inflectedPhrase(words: readonly string[], start: number, length: number): Place[] {
    const last = words[start + length - 1]!;
    if (!/^\p{L}+$/u.test(last)) return [];
    const head = words.slice(start, start + length - 1).join(" ");
    for (let cut = 1; cut <= INFLECTION_MAX && last.length - cut >= INFLECTION_STEM_MIN; cut += 1) {
      const places = this.exact.get(`${head} ${last.slice(0, last.length - cut)}`);
      if (places) return places.length === 1 ? places : [];
    }
    return [];
  }

  /**
   * The columns whose values the question mentions, strongest first, one entry per column. A whole-value match of
   * a phrase scores by its length and how few columns share it; a word found inside values (a title, a
   * name) scores less, and only when the word is rare among columns. Single letters and bare numbers are
   * skipped: they match everything; so are the language's function words ("an", "es", "de" are also stored codes).
   */
  match(question: string, language?: Language | null): ValueMatch[] {
    const best = new Map<number, ValueMatch>();
    const offer = (place: Place, score: number, kind: ValueMatch["kind"]) => {
      const current = best.get(place.column);
      if (current && current.score >= score) return;
      const { table, column } = this.columns[place.column];
      best.set(place.column, { table, column, value: place.value, score, kind });
    };

    const words = textWords(question);
    const told = language === undefined ? detectLanguage(words) : language;
    // The language's function words, and the measure a "how" asks for ("Wie hoch …"): neither names a stored value.
    const stop = told ? new Set([...stopwords(told), ...degreeWords(words, told)]) : NO_WORDS;
    const capitalized = capitalizedWords(question);
    const regionNameKeys = this.regionColumns.length > 0 ? this.regionNamesFor(told) : null;
    for (let start = 0; start < words.length; start += 1) {
      for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length += 1) {
        const phrase = words.slice(start, start + length).join(" ");
        if (length === 1 && (phrase.length < 2 || /^\p{N}+$/u.test(phrase) || stop.has(phrase))) continue;
        // A country named where its code is stored ("Schweiz" → 'CH'): as telling as the stored value named.
        const regionPlaces = regionNameKeys?.get(phrase);
        if (regionPlaces) {
          const sharing = 1 / Math.sqrt(regionPlaces.length);
          for (const place of regionPlaces) offer(place, wholeValueWeight(phrase, length, place.value, NO_WORDS) * Math.max(0.35, sharing), "exact");
        }
        const places = this.exact.get(phrase);
        if (places) {
          const sharing = 1 / Math.sqrt(places.length);
          for (const place of places) offer(place, wholeValueWeight(phrase, length, place.value, capitalized) * Math.max(0.35, sharing), "exact");
        } else if (length > 1) {
          // A stored phrase whose last word the question inflects ("annual passes" → 'Annual pass', "software
          // engineers" → 'Software Engineer'): the words before it fix the phrase, so it is as telling as named whole.
          for (const place of this.inflectedPhrase(words, start, length)) offer(place, INFLECTED_PHRASE_WEIGHT, "exact");
        }
      }
    }

    // A stored value at the edge of a longer word of the question: compounds ("Stromtarif" holds 'Strom') and
    // inflections ("condos" holds 'Condo'). At least PART_MIN letters, and weaker than the whole value named.
    for (const word of new Set(words)) {
      if (word.length <= PART_MIN || stop.has(word) || this.exact.has(word) || !/^\p{L}+$/u.test(word)) continue;
      for (let length = PART_MIN; length < word.length; length += 1) {
        for (const part of new Set([word.slice(0, length), word.slice(word.length - length)])) {
          const places = stop.has(part) ? undefined : this.exact.get(part);
          if (!places) continue;
          const sharing = 1 / Math.sqrt(places.length);
          for (const place of places) offer(place, PART_WEIGHT * Math.max(0.35, sharing), "part");
        }
      }
    }

    // A stored word the question names in another form ("dermatologists" → 'Dermatology', "cardiologists" →
    // 'Cardiology'): the same long stem, other endings; weighed as a value inside a word.
    for (const word of new Set(words)) {
      if (word.length < SHARED_STEM_MIN || stop.has(word) || this.exact.has(word) || !/^\p{L}+$/u.test(word)) continue;
      for (const key of this.singleWordValues().get(word.slice(0, SHARED_STEM_MIN)) ?? []) {
        if (!sharesStem(word, key)) continue;
        const places = this.exact.get(key)!;
        const sharing = 1 / Math.sqrt(places.length);
        for (const place of places) offer(place, PART_WEIGHT * Math.max(0.35, sharing), "part");
      }
    }

    // A clipped form of a stored word ("maths" → 'Mathematics'): weaker than a stored value inside a word, as a clipping
    // is a guess at which longer word was meant.
    for (const word of new Set(words)) {
      if (word.length < CLIPPED_MIN || stop.has(word) || this.exact.has(word) || !/^\p{L}+$/u.test(word)) continue;
      for (const key of this.clippedForms(word)) {
        const places = this.exact.get(key)!;
        const sharing = 1 / Math.sqrt(places.length);
        for (const place of places) offer(place, CLIPPED_WEIGHT * Math.max(0.35, sharing), "part");
      }
    }

    if (this.unspaced.length > 0) {
      const folded = foldText(question).replace(/\s+/g, "");
      for (const { key, place } of this.unspaced) if (key.length >= 2 && folded.includes(key)) offer(place, 0.9, "exact");
    }

    // A year in the question ("in 2024") points at the date columns whose values span it: weakly, as a
    // database has many; the table's own relevance then picks among them.
    const years = words.filter((word) => /^\d{4}$/.test(word)).map(Number);
    if (years.length > 0) {
      const spanning = this.dateColumns.filter((entry) => years.some((year) => year >= entry.from && year <= entry.to));
      for (const entry of spanning) offer({ column: entry.column, value: entry.example }, Math.max(0.3, 0.6 / Math.sqrt(spanning.length)), "year");
    }

    // A long word whose first letter and then, in order, the others spell a short stored code ("goalkeepers" → 'GK'),
    // inside a column of nothing but such codes: a guess, weighed like a rare word inside values, never an anchor.
    for (const word of new Set(words)) {
      if (word.length < ABBREVIATED_WORD_MIN || stop.has(word) || this.exact.has(word) || !/^\p{L}+$/u.test(word)) continue;
      for (const { column, codes } of this.codeColumns) {
        const spelled = codes.filter((code) => abbreviates(code.toLowerCase(), word));
        if (spelled.length === 1) offer({ column, value: spelled[0]! }, ABBREVIATION_WEIGHT, "word");
      }
    }

    const columnTotal = Math.max(1, this.columns.length);
    for (const word of new Set(words)) {
      const columns = stop.has(word) ? undefined : this.words.get(word);
      if (!columns) continue;
      // Rare across columns means telling: a word in the values of one column of forty says more than one in ten.
      const rarity = 1 - Math.log(columns.size) / Math.log(columnTotal + 1);
      if (rarity <= 0.3) continue;
      for (const [column, value] of columns) offer({ column, value }, 0.4 * rarity, "word");
    }
    return [...best.values()].sort((a, b) => b.score - a.score);
  }
}

const NO_WORDS: ReadonlySet<string> = new Set();
/** Letters two forms of a word share at least from their start ("dermatolog"), and at most letters a shorter form has beyond them. */
const SHARED_STEM_MIN = 7;
const OTHER_ENDING_MAX = 2;

/** Whether two folded words are forms of one stem: a long shared beginning, the shorter one at most a short ending more. */
function sharesStem(a: string, b: string): boolean {
  if (a === b) return false;
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared += 1;
  return shared >= SHARED_STEM_MIN && Math.min(a.length, b.length) - shared <= OTHER_ENDING_MAX;
}
/** Most letters an inflection adds to a phrase's last word (-s, -es, -en, -ern), and the fewest left of the word. */
const INFLECTION_MAX = 3;
const INFLECTION_STEM_MIN = 3;
/** A stored phrase named with its last word inflected: telling, a little below the phrase named as stored. */
const INFLECTED_PHRASE_WEIGHT = 0.9;
/** A stored short code: two or three capitals. */
const SHORT_CODE = /^\p{Lu}{2,3}$/u;
/** A column of more distinct codes than this is an identifier column, not a list of kinds. */
const MAX_ABBREVIATION_CODES = 40;
/** Shortest question word read as the long form of a code. */
const ABBREVIATED_WORD_MIN = 6;
const ABBREVIATION_WEIGHT = 0.2;

/** Whether a code spells a word's abbreviation: its first letter, then its other letters in order ('gk' in "goalkeepers"). */
function abbreviates(code: string, word: string): boolean {
  if (word[0] !== code[0]) return false;
  let position = 1;
  for (const letter of code.slice(1)) {
    position = word.indexOf(letter, position) + 1;
    if (position === 0) return false;
  }
  return true;
}
/** Codes a column may store that questions name by their names: countries (ISO 3166 through CLDR), US states. */
const NAMED_CODES: readonly NamedCodes[] = [COUNTRY_CODES, US_STATE_CODES];
/**
 * Fewest distinct country codes that make a column of them: about a third of all two-letter pairs are country codes,
 * so two short codes ('MD', 'DO' for credentials) are country codes by chance as often as not; three or more rarely.
 */
const MIN_REGION_CODES = 3;
/** Share of a column's distinct values that must be region codes for its values to be named by country names. */
const REGION_CODE_SHARE = 0.9;
/** Shortest stored value found inside a longer question word: shorter ones ('Gas', 'Bus') are inside too many words. */
const PART_MIN = 4;
/** A value inside a word counts for less than the word itself: below the 0.5 that makes a value the question's anchor. */
const PART_WEIGHT = 0.45;
/** Shortest clipped form read as the start of a longer stored word ("info", "maths"), and fewest letters it leaves out. */
const CLIPPED_MIN = 4;
const CLIPPED_LETTERS_MIN = 4;
/** A clipped form beginning more than one stored word names none of them ("kunden": 'Kundenservice', 'Kundencenter'). */
const MAX_CLIPPED_EXPANSIONS = 1;
/** Weaker than a value inside a word (PART_WEIGHT): which longer word a clipping stands for is a guess. */
const CLIPPED_WEIGHT = 0.4;
/** Stored values this short, in capitals, are codes ('AN', 'ES', 'DE', 'NY'): an ordinary word of that spelling is no evidence. */
const SHORT_CODE_LENGTH = 3;

/** Folded words the question writes in capitals ("ES", "NY"): a code named as a code. */
function capitalizedWords(question: string): Set<string> {
  const words = new Set<string>();
  for (const token of question.split(/[^\p{L}\p{N}]+/u))
    if (token.length >= 2 && /\p{Lu}/u.test(token) && token === token.toUpperCase()) words.add(foldText(token));
  return words;
}

/**
 * How much a whole-value match says by its length and case: a phrase of several words is telling; one long word
 * less; a short word that spells a stored code ('AN', 'ES') is weak evidence unless the question writes it in
 * capitals too: "an" and "es" are words before they are codes, and a weak match no longer fills the budget with
 * the tables holding the codes.
 */
function wholeValueWeight(phrase: string, words: number, value: string, capitalized: ReadonlySet<string>): number {
  if (words > 1) return 1;
  if (phrase.length >= 4) return 0.85;
  const isCode = phrase.length <= SHORT_CODE_LENGTH && value === value.toUpperCase() && /\p{Lu}/u.test(value);
  return isCode && !capitalized.has(phrase) ? 0.15 : 0.6;
}

// Sub-word matching against the schema's own identifier vocabulary: compounds and inflections in any language, no dictionary.

/** Shorter than this, a word is contained in too many others to say anything ("id", "nr", "art"). */
const MIN_PART_LENGTH = 4;
/** A shared beginning this long (and covering most of the shorter word) joins two inflected forms. */
const MIN_SHARED_PREFIX = 5;
const MIN_SHARED_PREFIX_SHARE = 0.8;
/** Question words seen recently and their matches: questions repeat their words, the vocabulary does not change. */
const CACHE_LIMIT = 4096;

/**
 * Whether two folded words are forms or parts of one another: one starts or ends with the other (a compound and
 * its head or modifier: `durchschnittspreis` ends with `preis`; an inflection: `kunden` starts with `kunde`,
 * `stadten` with `stadt`), or they share a long beginning (`bestellungen`, `bestellt`). Only at the edges: a
 * part in the middle is as often an accident (`rate` in `separated`).
 */
export function isSubwordOf(a: string, b: string): boolean {
  if (a === b) return false;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (shorter.length < MIN_PART_LENGTH) return false;
  if (longer.startsWith(shorter) || longer.endsWith(shorter)) return true;
  let shared = 0;
  while (shared < shorter.length && shorter[shared] === longer[shared]) shared += 1;
  return shared >= MIN_SHARED_PREFIX && shared >= MIN_SHARED_PREFIX_SHARE * shorter.length;
}

/**
 * The words of a schema's table and column names, for matching what a question says against what the schema
 * calls it. Why the schema's own words rather than a dictionary or character n-grams: they are exactly the
 * targets worth finding, they exist in every language the schema is named in, and matching only against them
 * keeps the false matches few (n-grams match every word sharing three letters).
 */
export class SubwordVocabulary {
  private readonly words: string[];
  private readonly cache = new Map<string, string[]>();

  /** Folded identifier words (textWords of the names). */
  constructor(identifierWords: Iterable<string>) {
    this.words = [...new Set(identifierWords)].filter((word) => word.length >= MIN_PART_LENGTH && /^\p{L}+$/u.test(word));
  }

  get size(): number {
    return this.words.length;
  }

  /** Vocabulary words a question word is a form or part of, or that are a part of it (not the word itself). */
  related(word: string): string[] {
    let found = this.cache.get(word);
    if (found) return found;
    found = word.length < MIN_PART_LENGTH || !/^\p{L}+$/u.test(word) ? [] : this.words.filter((candidate) => isSubwordOf(word, candidate));
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(word, found);
    return found;
  }

  /**
   * The parts of an identifier word that the vocabulary names on its own, where the schema allows a split:
   * `bestelldatum` → `datum` when some column is called `datum`; `kundennummer` → `kunde` when there is a
   * table `kunde`. A word no other name is part of stays whole.
   */
  compoundParts(word: string): string[] {
    return this.words.filter((part) => part.length < word.length && (word.startsWith(part) || word.endsWith(part)));
  }
}

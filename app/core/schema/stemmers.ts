// Snowball stemmers per language (@orama/stemmers, one small module each), loaded on first use so the page's first screen carries none.
import type { Language } from "./language";

export type Stemmer = (word: string) => string;

/**
 * One dynamic import per language: the bundler makes each its own chunk, fetched the first time a question in
 * that language is pruned (a few KB), never with the first screen. Written out, not built from the name, so the
 * bundler sees every target.
 */
const LOADERS: Record<Language, () => Promise<{ stemmer: Stemmer }>> = {
  english: () => import("@orama/stemmers/english"),
  german: () => import("@orama/stemmers/german"),
  dutch: () => import("@orama/stemmers/dutch"),
  french: () => import("@orama/stemmers/french"),
  spanish: () => import("@orama/stemmers/spanish"),
  italian: () => import("@orama/stemmers/italian"),
  portuguese: () => import("@orama/stemmers/portuguese"),
  swedish: () => import("@orama/stemmers/swedish"),
  danish: () => import("@orama/stemmers/danish"),
  norwegian: () => import("@orama/stemmers/norwegian"),
  finnish: () => import("@orama/stemmers/finnish"),
};

const loaded = new Map<Language, Promise<Stemmer>>();

/**
 * Forms Snowball leaves apart from the word they name, undone before it stems. German: the feminine plural
 * "-innen" (Kundinnen, Mitarbeiterinnen, Lehrerinnen) of a noun a schema names in its masculine or neutral form
 * (Kunde, Mitarbeiter); Snowball stems "kundinnen" to "kundinn", never "kund". Only the plural: a singular "-in"
 * ends too many other words (Benzin, Termin, Medizin).
 */
const BEFORE_STEMMING: Partial<Record<Language, (word: string) => string>> = {
  german: (word) => (word.length >= 8 && word.endsWith("innen") ? word.slice(0, -5) : word),
};

/**
 * The language's stemmer, wrapped for folded words: Snowball's rules expect lower-case letters, and words that
 * are not letters (codes with digits, other scripts) are left whole, as the built-in stemmer leaves them.
 */
export function loadStemmer(language: Language): Promise<Stemmer> {
  let stemmer = loaded.get(language);
  if (!stemmer) {
    const normalize = BEFORE_STEMMING[language] ?? ((word: string) => word);
    stemmer = LOADERS[language]().then(
      ({ stemmer: snowball }) =>
        (word: string) =>
          /^\p{Ll}+$/u.test(word) && word.length > 2 ? snowball(normalize(word)) : word,
    );
    // A failed load (a chunk the network lost) is tried again next time rather than remembered.
    stemmer.catch(() => loaded.delete(language));
    loaded.set(language, stemmer);
  }
  return stemmer;
}

// Turns names, descriptions and questions into comparable terms: identifier splitting, folding, light stemming; any script.

/**
 * Splits an identifier into its words: `customerId` → customer Id, `HTMLParser2` → HTML Parser 2, `order_items` →
 * order items. Works on any script: only letters and digits make words, and a case change only splits in
 * scripts that have case.
 */
export function splitIdentifier(name: string): readonly string[] {
  let words = splitWords.get(name);
  if (!words) {
    if (splitWords.size >= SPLIT_WORDS_KEPT) splitWords.clear();
    words = Object.freeze(ASCII.test(name) ? splitAscii(name) : splitAny(name));
    splitWords.set(name, words);
  }
  return words;
}

/**
 * Identifiers split already: a schema's names come back again and again (a table's name in each of its columns'
 * texts, `id` and `created_at` in every table), and the Unicode classes make each split slow. Splitting every name
 * anew was ~70% of building the pruner's index for a schema of 5,000 tables (~1 s of ~1.45 s, in Node).
 */
const splitWords = new Map<string, readonly string[]>();
const SPLIT_WORDS_KEPT = 100_000;
// eslint-disable-next-line no-control-regex -- any ASCII character, control characters included
const ASCII = /^[\x00-\x7f]*$/;

/** Whether the text is ASCII alone: no accents to fold and no Unicode classes to test, so cheaper paths give the same answer. */
export function isAscii(text: string): boolean {
  return ASCII.test(text);
}

function splitAny(name: string): string[] {
  const spaced = name
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, "$1 $2")
    .replace(/(\p{L})(\p{N})/gu, "$1 $2")
    .replace(/(\p{N})(\p{L})/gu, "$1 $2");
  return spaced.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);
}

/** splitAny for a name of ASCII characters alone, where the classes are these ranges (the same words). */
function splitAscii(name: string): string[] {
  const spaced = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])([A-Z][a-z])/g, "$1 $2")
    .replace(/([A-Za-z])([0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2");
  return spaced.split(/[^A-Za-z0-9]+/).filter((word) => word.length > 0);
}

/** Lower case without accents, so `Zürich`, `zurich` and `ZURICH` meet; NFKC first folds full-width forms. */
export function foldText(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC");
}

/** Scripts written without spaces between words: they are matched by overlapping character pairs instead. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * A light stemmer for words in Latin script: plural and common verb endings only, so `customers`, `customer`;
 * `cities`, `city`; `movies`, `movie`; `ordered`, `ordering`, `order`; `publisher`, `published` meet. Stems need not
 * be words (`city` → citi): both sides of a comparison go through the same rules. Other scripts are left whole:
 * a wrong stem costs more than a missed one, and BM25 still matches the exact word.
 */
export function stemWord(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= 3) return word;
  let stem = word;
  if (stem.endsWith("ies") && stem.length > 4) stem = `${stem.slice(0, -3)}i`;
  else if (stem.endsWith("sses")) stem = stem.slice(0, -2);
  else if (stem.endsWith("s") && !/(ss|us|is)$/.test(stem)) stem = stem.slice(0, -1);
  else if (stem.endsWith("ing") && stem.length > 5) stem = undouble(stem.slice(0, -3));
  else if (stem.endsWith("ed") && stem.length > 4) stem = undouble(stem.slice(0, -2));
  // Endings a plural or a verb form leaves behind: city/citi(es), box(e)s, price/pric(ed), movie/movi(es).
  if (stem.endsWith("y") && stem.length > 3) stem = `${stem.slice(0, -1)}i`;
  else if (stem.endsWith("e") && stem.length > 3) stem = stem.slice(0, -1);
  // The agent noun meets its verb (publisher, published → publish), when enough of the word is left to be safe.
  if (stem.endsWith("er") && stem.length >= 7) stem = stem.slice(0, -2);
  return stem;
}

function undouble(stem: string): string {
  return /([^aeiouls])\1$/.test(stem) ? stem.slice(0, -1) : stem;
}

/** Words of a piece of text in reading order, folded (not stemmed); identifiers inside the text are split too. */
export function textWords(text: string): string[] {
  // Most values are plain ASCII: no accents to fold, no scripts to tell apart; this path is several times faster.
  if (/^[\x20-\x7e]*$/.test(text)) return asciiWords(text);
  const words: string[] = [];
  for (const token of text.split(/[^\p{L}\p{N}_]+/u)) {
    if (!token) continue;
    for (const word of splitIdentifier(token)) words.push(foldText(word));
  }
  return words;
}

function asciiWords(text: string): string[] {
  const words: string[] = [];
  for (const token of text.split(/[^A-Za-z0-9_]+/)) {
    if (!token) continue;
    if (!/[a-z][A-Z]|[A-Z][A-Z][a-z]|[A-Za-z][0-9]|[0-9][A-Za-z]|_/.test(token)) {
      words.push(token.toLowerCase());
      continue;
    }
    for (const word of splitIdentifier(token)) words.push(word.toLowerCase());
  }
  return words;
}

/**
 * The terms a text is indexed and searched by: folded, stemmed words; runs of an unspaced script become
 * overlapping character pairs (and the single character when alone). The stemmer is the language's Snowball
 * stemmer when one was detected (stemmers.ts), else the light one above.
 */
export function textTerms(text: string, stem: (word: string) => string = stemWord): string[] {
  return wordTerms(textWords(text), stem);
}

/** textTerms for words already split and folded (textWords), so a caller that needs both splits once. */
export function wordTerms(words: readonly string[], stem: (word: string) => string = stemWord): string[] {
  const terms: string[] = [];
  for (const word of words) {
    if (UNSPACED_SCRIPT.test(word)) {
      const characters = [...word];
      if (characters.length === 1) terms.push(word);
      for (let index = 0; index + 1 < characters.length; index += 1) terms.push(characters[index] + characters[index + 1]);
    } else {
      terms.push(stem(word));
    }
  }
  return terms;
}

// What kind of figure a question asks for (money, a rating, a quantity, an area) and which columns hold that kind:
// a small multilingual lexicon of general database vocabulary, for questions that paraphrase the column they need.
//
// Why: "How much did the clinic charge …" needs `appointments.fee`, "gave five stars" needs `reviews.rating`, "take-home
// pay" needs `payslips.net_amt`; no word of the question is a word of the name, so lexical and sub-word matching miss
// the column even when its table is chosen. A question that asks for money points at the monetary columns of the
// tables it is about. The evidence is weak (a table has several amounts; "pay" names no particular one), so the
// ranking weighs it below exact and sub-word matches (FusionWeights.measure), and it picks columns within the tables
// other evidence chose; it never brings in a table of its own (see prune.ts).
//
// How to extend: add a word to a concept's lists, folded as textWords folds (lower case, no accents: Gebühr →
// gebuhr; a schema written in ASCII spells it gebuehr, so column words list both). Question words: an entry is a whole
// word, a beginning when it ends with "*" (charg* → charge, charged, charging), or a phrase of words (bring in); a
// whole word of five letters or more also matches as the head of a compound (Stromkosten → kosten). Column words: a word of the column's split name (net_amt → net, amt), or the head or
// start of a compound name word when it has four letters or more (Durchschnittspreis → preis). Keep to vocabulary any
// schema of the domain would use, in the languages the stemmers cover; a new concept is a new entry of MEASURE_CONCEPTS.
import type { ColumnInfo } from "../db/types";

export type MeasureConcept = "money" | "rating" | "quantity" | "area";

interface ConceptLexicon {
  /** Words and phrases of a question that ask for this kind of figure. */
  question: readonly string[];
  /** Words of a column name that say it holds this kind of figure. */
  column: readonly string[];
}

/** Lists are written one entry per comma; an entry may be a phrase of several words. */
const list = (text: string): string[] =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

export const MEASURE_CONCEPTS: Readonly<Record<MeasureConcept, ConceptLexicon>> = {
  money: {
    question: list(`
      money, cost*, charg*, paid, pay, pays, paying, earn*, revenue*, income*, spend*, spent, price*, fee, fees, salar*,
      wage*, expensive, cheap*, dollar*, euro, euros, refund*, bring in, brings in, brought in, take home,
      geld, kost*, kosten, preis*, preis, preise, gebuhr*, gebuhr, gebuhren, betrag*, betrag, verdien*, zahlen, zahlt, zahlte,
      zahlten, bezahlt*, gezahlt, umsatz*, umsatz, einnahme*, einnahmen, gehalt*, gehalt, lohn*, teuer*, billig*, brutto, netto,
      rechnung*, rechnung, rechnungen,
      prijs*, prijs, bedrag*, bedrag, betaald, betalen, betaalt, omzet*, inkomsten, salaris*, loon, goedkoop*`),
    column: list(`
      amount, amt, price, fee, fees, cost, costs, salary, pay, wage, wages, revenue, income, paid, charge, charges, fare,
      total, balance, tax, discount, rent, premium, budget, spend, usd, eur,
      betrag, preis, gebuhr, gebuehr, kosten, gehalt, lohn, umsatz, entgelt, abschlag, euro,
      bedrag, prijs, salaris, loon, omzet, vergoeding`),
  },
  rating: {
    question: list(`
      star, stars, rated, rating*, score, scores,
      stern, sterne, sternen, bewert*,
      ster, sterren, beoordee*, waardering*, cijfer*`),
    column: list(`rating, ratings, stars, star, score, scores, sterne, bewertung, sterren, beoordeling, waardering, cijfer`),
  },
  quantity: {
    question: list(`
      item, items, unit, units, copy, copies, piece, pieces, quantit*, stock, shelf, shelves, on hand, in stock,
      stuck, stucke, stuckzahl*, menge*, bestand*, lager*, exemplar*, vorrat*, vorratig,
      stuk, stuks, hoeveelhe*, voorraad*`),
    column: list(`qty, quantity, units, pieces, stock, on hand, onhand, copies, menge, anzahl, stuck, stueck, bestand, aantal, hoeveelheid, voorraad, stuks`),
  },
  area: {
    question: list(`
      square foot, square feet, square meter*, square metre*, sqft, sq ft, acre*, hectare*, m 2,
      quadratmeter*, qm, flache*, vierkante meter*, oppervlak*`),
    column: list(
      `sqft, sq ft, square feet, square foot, square meters, square metres, area, acres, acre, hectares, flache, flaeche, qm, sqm, m 2, oppervlakte`,
    ),
  },
};

/** A whole question word this long also matches as the head of a compound (Stromkosten → kosten). */
const QUESTION_COMPOUND_MIN = 5;
/** A column word this long also matches as the head or start of a compound name word (Durchschnittspreis → preis). */
const COLUMN_COMPOUND_MIN = 4;
/** Declared types a figure is stored in (SQLite's numeric affinities), and none at all: a TEXT column is a name or a code. */
const NUMERIC_TYPE = /INT|REAL|FLOA|DOUB|NUM|DEC|MONEY|CURRENCY/i;
/** A name ending in one of these identifies or classifies rows (`fare_code`, `price_id`, `Tarifnummer`): not a figure. */
const IDENTIFIER_WORD = /^(id|code|cd|no|nr|num|number|key|type|kind|status|nummer|nummern|art)$|(nummer|code)$/;

function phraseAt(words: readonly string[], start: number, phrase: readonly string[]): boolean {
  return phrase.every((part, offset) => words[start + offset] === part);
}

function questionEntryMatches(entry: string, words: readonly string[]): boolean {
  const parts = entry.split(" ");
  if (parts.length > 1) return words.some((_, start) => phraseAt(words, start, parts));
  if (entry.endsWith("*")) {
    const beginning = entry.slice(0, -1);
    return words.some((word) => word.startsWith(beginning));
  }
  return words.some((word) => word === entry || (entry.length >= QUESTION_COMPOUND_MIN && word.length > entry.length && word.endsWith(entry)));
}

/** The kinds of figure a question asks for, from its folded words (textWords). */
export function questionMeasures(questionWords: readonly string[]): Set<MeasureConcept> {
  const asked = new Set<MeasureConcept>();
  for (const [concept, lexicon] of Object.entries(MEASURE_CONCEPTS) as Array<[MeasureConcept, ConceptLexicon]>) {
    if (lexicon.question.some((entry) => questionEntryMatches(entry, questionWords))) asked.add(concept);
  }
  return asked;
}

function columnEntryMatches(entry: string, nameWords: readonly string[]): boolean {
  const parts = entry.split(" ");
  if (parts.length > 1) return nameWords.some((_, start) => phraseAt(nameWords, start, parts));
  return nameWords.some(
    (word) => word === entry || (entry.length >= COLUMN_COMPOUND_MIN && word.length > entry.length && (word.endsWith(entry) || word.startsWith(entry))),
  );
}

/**
 * The kinds of figure a column holds, by the folded words of its name (textWords): only a column that can hold a
 * figure (a numeric or undeclared type) and neither is a key nor is named as an identifier (`fare_code`, `price_id`).
 */
export function columnMeasures(column: Pick<ColumnInfo, "type">, nameWords: readonly string[], isKey: boolean): MeasureConcept[] {
  if (isKey || (column.type !== "" && !NUMERIC_TYPE.test(column.type)) || IDENTIFIER_WORD.test(nameWords.at(-1) ?? "")) return [];
  return (Object.entries(MEASURE_CONCEPTS) as Array<[MeasureConcept, ConceptLexicon]>)
    .filter(([, lexicon]) => lexicon.column.some((entry) => columnEntryMatches(entry, nameWords)))
    .map(([concept]) => concept);
}

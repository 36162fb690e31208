// The lexical stage for one stemmer: BM25 over the units' names and descriptions (exact words), and the sub-word evidence beside it.
import { Bm25Index } from "./bm25";
import type { SubwordVocabulary } from "./sub-words";
import { wordTerms } from "./text-terms";

/** A retrieval unit's words, split and folded once (textWords), stemmed per index. */
export interface UnitWords {
  name: string[];
  description: string[];
}

export interface LexicalScores {
  /** BM25 of the question's own (stemmed) words against names and descriptions. */
  exact: Float64Array;
  /** BM25 of what only sub-word matching found: schema words the question's words are forms or parts of, and compound parts of names. */
  subword: Float64Array;
}

/** A name counts three times its description: a table called `kunde` is about customers; one mentioning them may not be. */
const NAME_WEIGHT = 3;

export class LexicalIndex {
  readonly stem: (word: string) => string;
  private readonly exact: Bm25Index;
  /** The parts of compound names the vocabulary knows (`bestelldatum` → `datum`), one document per unit. */
  private readonly parts: Bm25Index;
  private readonly vocabulary: SubwordVocabulary;

  private constructor(stem: (word: string) => string, vocabulary: SubwordVocabulary, exact: Bm25Index, parts: Bm25Index) {
    this.stem = stem;
    this.vocabulary = vocabulary;
    this.exact = exact;
    this.parts = parts;
  }

  /** Indexes the units a step each (see runPaced: stemming every word of a schema of 5,000 tables takes ~0.3 s). */
  static *build(units: readonly UnitWords[], vocabulary: SubwordVocabulary, stem: (word: string) => string): Generator<void, LexicalIndex> {
    const exact = new Bm25Index();
    const parts = new Bm25Index();
    for (const unit of units) {
      exact.add({
        fields: [
          { terms: wordTerms(unit.name, stem), weight: NAME_WEIGHT },
          { terms: wordTerms(unit.description, stem), weight: 1 },
        ],
      });
      parts.add({
        fields: [
          {
            terms: wordTerms(
              unit.name.flatMap((word) => vocabulary.compoundParts(word)),
              stem,
            ),
            weight: NAME_WEIGHT,
          },
        ],
      });
      yield;
    }
    return new LexicalIndex(stem, vocabulary, exact, parts);
  }

  /** Scores every unit for a question's content words (folded, stopwords already out). */
  score(questionWords: readonly string[]): LexicalScores {
    const exactTerms = wordTerms(questionWords, this.stem);
    const exactSet = new Set(exactTerms);
    // Schema words a question word is a form or part of; a word the exact pass already matches adds nothing.
    const relatedTerms = new Set<string>();
    for (const word of questionWords) {
      for (const related of this.vocabulary.related(word)) {
        const term = this.stem(related);
        if (!exactSet.has(term)) relatedTerms.add(term);
      }
    }
    const exact = this.exact.score(exactTerms);
    const subword = this.exact.score(relatedTerms);
    const inParts = this.parts.score([...exactSet, ...relatedTerms]);
    for (let index = 0; index < subword.length; index += 1) subword[index] += inParts[index];
    return { exact, subword };
  }
}

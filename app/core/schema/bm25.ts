// BM25 ranking over small documents (schema retrieval units), with per-field weights so a name counts more than prose.

export interface Bm25Document {
  /** Terms of each field, already through textTerms(); a field's weight multiplies its term frequencies. */
  fields: Array<{ terms: string[]; weight: number }>;
}

export interface Bm25Options {
  /** Term-frequency saturation. */
  k1?: number;
  /** Length normalization. */
  b?: number;
}

/**
 * A BM25F-style index: weighted term frequencies per document, one length normalization. Built once per schema;
 * scoring a question touches only the documents that share a term with it.
 */
export class Bm25Index {
  private readonly postings = new Map<string, Array<{ document: number; frequency: number }>>();
  private readonly lengths: number[] = [];
  private totalLength = 0;
  private averageLength = 1;
  private readonly k1: number;
  private readonly b: number;

  constructor(documents: Bm25Document[] = [], options: Bm25Options = {}) {
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    for (const document of documents) this.add(document);
  }

  /** Indexes the next document (numbered in the order added): a large schema's are added between pauses. */
  add(document: Bm25Document): void {
    const index = this.lengths.length;
    const frequencies = new Map<string, number>();
    let length = 0;
    for (const field of document.fields) {
      for (const term of field.terms) {
        frequencies.set(term, (frequencies.get(term) ?? 0) + field.weight);
        length += field.weight;
      }
    }
    this.lengths.push(length);
    this.totalLength += length;
    this.averageLength = this.totalLength / this.lengths.length;
    for (const [term, frequency] of frequencies) {
      let list = this.postings.get(term);
      if (!list) this.postings.set(term, (list = []));
      list.push({ document: index, frequency });
    }
  }

  get size(): number {
    return this.lengths.length;
  }

  /** Inverse document frequency, the Lucene variant (never negative). */
  idf(term: string): number {
    const count = this.postings.get(term)?.length ?? 0;
    return Math.log(1 + (this.size - count + 0.5) / (count + 0.5));
  }

  /**
   * Scores of every document for the query terms (0 where nothing matches). A repeated query term counts once;
   * a term's weight (1 unless given) scales its part, so weaker evidence (a sub-word match) counts for less.
   */
  score(queryTerms: Iterable<string>, termWeights?: ReadonlyMap<string, number>): Float64Array {
    const scores = new Float64Array(this.size);
    for (const term of new Set(queryTerms)) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(term) * (termWeights?.get(term) ?? 1);
      for (const { document, frequency } of list) {
        const normalization = this.k1 * (1 - this.b + (this.b * this.lengths[document]) / (this.averageLength || 1));
        scores[document] += (idf * frequency * (this.k1 + 1)) / (frequency + normalization);
      }
    }
    return scores;
  }
}

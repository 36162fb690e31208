// Whether a question waits for the schema's embeddings: a small schema's are made with its first question (a second
// or so), a large one's would keep it waiting for minutes, so they are made meanwhile and the question goes without.
import type { SchemaRetriever } from "./schema-retriever";
import type { TextEmbedder } from "./types";

/**
 * Above this many tables and columns a question does not wait for them to be embedded. A sentence model on the CPU
 * (WASM) embeds tens of such short texts a second (an estimate; the tests' tiny model says nothing of a real one's
 * speed), so 1,000 may cost a first question a minute, once; a schema of 5,000 tables (65,000 units) would have kept
 * it waiting for the better part of an hour.
 */
export const INLINE_DENSE_UNITS = 1000;

/** How the reason a question went without the dense stage begins when the schema's embeddings are being made. */
export const SCHEMA_BEING_EMBEDDED = "The embedding model is still reading this schema's";

export interface DenseForQuestion {
  /** The embedder to rank this question with; null while the schema's embeddings are being made. */
  embedder: TextEmbedder | null;
  /** Why the dense stage sits this question out, for the result and the screen. */
  unavailable?: string;
}

/**
 * The dense stage for one question: the embedder when the schema's units are embedded already or few enough to embed
 * now; otherwise their embedding is started (or left running) and the question is ranked without it. A preparation
 * that fails is begun again by the next question.
 */
export function denseForQuestion(retriever: SchemaRetriever, embedder: TextEmbedder | null, inlineUnits = INLINE_DENSE_UNITS): DenseForQuestion {
  if (!embedder || retriever.hasDense(embedder.modelId) || retriever.units.length <= inlineUnits) return { embedder };
  // A retriever the page no longer uses (a question or search still running on it) starts no embedding of its schema.
  if (!retriever.isDenseStopped) retriever.prepareDense(embedder, true).catch(() => undefined);
  const total = retriever.units.length;
  const share = Math.floor((100 * retriever.denseEmbedded(embedder.modelId)) / total);
  return {
    embedder: null,
    unavailable: `${SCHEMA_BEING_EMBEDDED} ${total.toLocaleString("en-US")} tables and columns (${share}%); this question was ranked by names, descriptions and values only.`,
  };
}

// What the embedding model reads: e5-family models were trained with "query: " before questions and "passage: " before
// the texts searched, and rank worse without them; other models read the text as it is.

/** The e5 family (intfloat/e5-*, Xenova/multilingual-e5-small, a folder named tiny-e5…), told by the model's name. */
export function isE5Model(modelId: string): boolean {
  return /(?:^|[^a-z0-9])e5(?:[^a-z0-9]|$)/i.test(modelId);
}

/** A question (or search terms) as the model should embed it. */
export function queryInput(modelId: string, text: string): string {
  return isE5Model(modelId) ? `query: ${text}` : text;
}

/** A retrieval unit's text (a table or column described in words) as the model should embed it. */
export function passageInput(modelId: string, text: string): string {
  return isE5Model(modelId) ? `passage: ${text}` : text;
}

// Checks what the embed worker sends back before anyone reads it: a load result of the known shape, one vector per
// text, all of one length. A reply that is not one becomes an error a person can read, never a silent NaN ranking.
import * as z from "../core/zod-mini";
import type { EmbedWorkerLoadResult } from "../../workers/embed.worker";

export const embedWorkerLoadResultSchema: z.ZodMiniType<EmbedWorkerLoadResult> = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), modelId: z.string(), dimensions: z.int().check(z.positive()), device: z.string(), loadMs: z.number() }),
  z.object({ ok: z.literal(false), message: z.string(), model: z.string(), lookedIn: z.string(), reason: z.string() }),
]);

export function checkedLoadResult(reply: unknown): EmbedWorkerLoadResult {
  const parsed = embedWorkerLoadResultSchema.safeParse(reply);
  if (!parsed.success) throw new Error("The embedding worker sent an unreadable answer while loading the model; reload the page to start it again.");
  return parsed.data;
}

/** The vectors of `count` texts, each a Float32Array of the model's dimensions (when known). */
export function checkedVectors(reply: unknown, count: number, dimensions?: number): Float32Array[] {
  const vectors = Array.isArray(reply) ? reply : null;
  const wrong = (what: string) => new Error(`The embedding worker sent ${what}; the question is ranked without the model.`);
  if (!vectors || vectors.length !== count) throw wrong(`${vectors ? vectors.length : "no list of"} vectors for ${count} texts`);
  for (const vector of vectors) {
    if (!(vector instanceof Float32Array)) throw wrong("something other than vectors");
    if (dimensions !== undefined && vector.length !== dimensions) throw wrong(`a vector of ${vector.length} numbers where the model gives ${dimensions}`);
  }
  return vectors as Float32Array[];
}

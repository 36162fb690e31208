// The bundled sample databases: their manifest and their bytes, served from public/samples.
import { z } from "zod";

/** One entry of public/samples/manifest.json, as scripts/generate-samples.ts writes it; the key order here is the order in the file. */
export const sampleEntrySchema = z.object({
  id: z.string(),
  file: z.string(),
  title: z.string(),
  description: z.string(),
  /** Tables, views excluded. */
  tables: z.number(),
  /** Rows across all tables. */
  rows: z.number(),
  /** Size of the .sqlite file. */
  bytes: z.number(),
  exampleQuestions: z.array(z.string()),
  /** A SELECT that returns something interesting; the editor starts with it. */
  exampleQuery: z.string(),
});
export type SampleEntry = z.infer<typeof sampleEntrySchema>;

function sampleUrl(file: string): string {
  return `${import.meta.env.BASE_URL}samples/${file}`;
}

export async function loadSampleManifest(): Promise<SampleEntry[]> {
  const response = await fetch(sampleUrl("manifest.json"));
  if (!response.ok) throw new Error(`The sample list could not be loaded (HTTP ${response.status}).`);
  return z.array(sampleEntrySchema).parse(await response.json());
}

export async function loadSampleBytes(sample: SampleEntry): Promise<Uint8Array> {
  const response = await fetch(sampleUrl(sample.file));
  if (!response.ok) throw new Error(`The sample ${sample.title} could not be loaded (HTTP ${response.status}).`);
  return new Uint8Array(await response.arrayBuffer());
}

// Where the build puts what it computed of a bundled sample (scripts/vite-shipped-samples.ts) and the page looks for it:
// beside the sample. Its own module, free of browser imports, so the build can read it.

/** The column profile: samples/bookshop.sqlite → samples/bookshop.sqlite.profile.json (it names its content inside). */
export function shippedProfileFile(sampleFile: string): string {
  return `${sampleFile}.profile.json`;
}

/**
 * The value index's snapshot (app/core/schema/value-snapshot.ts) of the content `contentKey` names: the page asks for
 * the content it has open, so a changed sample finds no file.
 */
export function shippedValueIndexFile(sampleFile: string, contentKey: string): string {
  return `${sampleFile}.values-${contentKey}.bin`;
}

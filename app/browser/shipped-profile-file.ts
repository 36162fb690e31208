// Where the build puts a bundled sample's column profile (scripts/vite-sample-profiles.ts) and the page looks for it
// (shipped-profile.ts): beside the sample, samples/bookshop.sqlite → samples/bookshop.sqlite.profile.json. Its own
// module, free of browser imports, so the build can read it.
export function shippedProfileFile(sampleFile: string): string {
  return `${sampleFile}.profile.json`;
}

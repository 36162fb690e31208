// The CSP source of index.html's inline start script (app/browser/html-start.ts as the build inlines it): the page's
// policy lets in that one inline script and no other. The build fails, naming the new value, when the script changes
// (scripts/vite-startup-preloads.ts), and a test checks it; docs/hosting.md shows the policy with it.
export const START_SCRIPT_HASH = "'sha256-RgnVS81bUtuFuUla0jlCbPfx1Xd3NOdUCNsZ1QmJhzg='";

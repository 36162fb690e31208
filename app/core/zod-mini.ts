// zod/mini for the schemas the page checks while it starts (stored databases, the SQLite worker's replies, settings,
// the agent's history): its functions are tree-shaken, where full zod's chained methods come whole. Full zod (27 KB gzip
// of the page's initial JavaScript with its core) stays in the modules loaded later (the agent loop, the eval, shared
// sessions). The page's build gives this file's zod a copy of zod's modules of its own (scripts/vite-start-zod.ts):
// shared with full zod, zod's core came at start with all that the AI SDK's full zod uses of it (issue #14).
// Import it as a namespace (`import * as z from ".../zod-mini"`): a `z` object passed around as a value keeps all of
// zod in the bundle. zod/mini loads no locale by itself: English is set here so a check's message reads the same
// whichever zod ran first.
import { en } from "zod/locales";
import { config } from "zod/mini";

config(en());

export * from "zod/mini";

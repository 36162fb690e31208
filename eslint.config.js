// ESLint for the whole tree: TypeScript and React hooks checks, and the app/core layer rule from DESIGN.md.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layer rule uses import-x's no-restricted-paths rather than eslint-plugin-boundaries: it resolves every
// import to a file before judging it, so "../eval/x", "../../core/eval/x" and a re-export all count the same;
// its zones read like the sentence in DESIGN.md ("db must not import llm, schema, agent or eval"); and import-x
// is flat-config native with a TypeScript-aware resolver built in (no resolver package, no element/capture
// vocabulary to learn for five folders). Package bans (React, DOM-only libraries) are not paths, so they use
// ESLint's own no-restricted-imports.
const CORE = "app/core";
const LAYERS = ["db", "llm", "schema", "agent", "eval", "exercises"];

/** Zone forbidding `layer` every other layer not in `allowed`; a layer may always import itself. */
function layerZone(layer, allowed) {
  const forbidden = LAYERS.filter((other) => other !== layer && !allowed.includes(other));
  return {
    target: `${CORE}/${layer}`,
    from: forbidden.map((other) => `${CORE}/${other}`),
    message: `app/core/${layer} may import only ${allowed.length === 0 ? "itself and the shared app/core/*.ts utilities" : `${allowed.join(", ")} and the shared app/core/*.ts utilities`} (the layer rule in DESIGN.md).`,
  };
}

const LAYER_ZONES = [
  layerZone("db", []),
  layerZone("llm", []),
  layerZone("schema", ["db", "llm"]),
  layerZone("agent", ["db", "llm", "schema"]),
  layerZone("eval", ["db", "llm", "schema", "agent"]),
  // exercises (a student's answer judged against a reference) is the top layer: it may import every other, so it needs no zone.
  {
    // Top-level files are utilities every layer imports; one importing a layer would make that layer import itself through them.
    target: `${CORE}/*.ts`,
    from: LAYERS.map((layer) => `${CORE}/${layer}`),
    message: "the shared app/core/*.ts utilities import no layer; only app/core/database-service.ts composes layers.",
  },
];

const OUTSIDE_CORE_ZONE = {
  target: CORE,
  from: ["app/state", "app/ui", "app/browser", "app/cli", "app/main.tsx", "workers"],
  message: "app/core knows nothing of the browser wiring, stores, UI, CLI or workers (DESIGN.md).",
};

const importZones = (zones) => ["error", { basePath: import.meta.dirname, zones }];

// Subpaths too (react-dom/client, monaco-editor/esm/...): gitignore-style groups match whole path segments.
const DOM_ONLY_PACKAGES = ["react", "react-dom", "@xyflow/react", "@tanstack/react-virtual", "monaco-editor", "chart.js", "idb-keyval", "zustand", "comlink"];

export default defineConfig(
  {
    ignores: ["node_modules/", "dist*/", "bench/.dist*/", "public/", "test-models/", "test-results/", "playwright-report/", ".vite/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    settings: {
      // Imports are extensionless under moduleResolution "bundler"; the resolver must try .ts/.tsx for the layer rule to see them.
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    plugins: { "import-x": importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // `_`-prefixed names are the tree's way of saying "required by the signature, unused here".
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
      // The tree had some 25 copies of this expression; one helper keeps the wording of failures in one place.
      "no-restricted-syntax": [
        "error",
        {
          selector: "ConditionalExpression[test.operator='instanceof'][test.right.name='Error'][consequent.property.name='message']",
          message: "Use errorMessage() from app/core/error-message.ts for the text of a thrown value.",
        },
      ],
    },
  },
  {
    files: [`${CORE}/error-message.ts`],
    rules: { "no-restricted-syntax": "off" },
  },
  {
    files: ["app/ui/**/*.{ts,tsx}", "app/state/**/*.{ts,tsx}", "app/browser/**/*.{ts,tsx}", "app/main.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: [`${CORE}/**/*.ts`],
    rules: {
      "import-x/no-restricted-paths": importZones([...LAYER_ZONES, OUTSIDE_CORE_ZONE]),
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: DOM_ONLY_PACKAGES.flatMap((name) => [name, `${name}/*`]),
              message: "app/core runs in Node and workers too: no React, DOM-only or worker packages (DESIGN.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // The composition root for the worker composes db, schema and eval; it still stays out of the UI and the workers.
    files: [`${CORE}/database-service.ts`],
    rules: { "import-x/no-restricted-paths": importZones([OUTSIDE_CORE_ZONE]) },
  },
  {
    // Tests may reach across layers (a test of agent may build an eval fixture) and run the worker proxy.
    files: ["**/*.test.ts", "**/*.bench.ts"],
    rules: { "import-x/no-restricted-paths": "off", "no-restricted-imports": "off" },
  },
);

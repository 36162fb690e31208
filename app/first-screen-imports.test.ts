// What the page's entry (app/main.tsx) must not import statically: code the first screen does not use, loaded on
// demand instead (issue #14: JavaScript before first use). Each entry says when it loads; a static import that brings
// one back into the entry's chunks fails here with the chain of files that does it.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { staticImportChain } from "../scripts/static-import-graph";

const REPOSITORY_ROOT = fileURLToPath(new URL("../", import.meta.url));
const ENTRY = "app/main.tsx";

const LOADED_ON_DEMAND: Record<string, string> = {
  // Full zod (its chained methods): the start path checks with zod/mini (core/zod-mini.ts).
  zod: "with the agent, the eval or a shared session",
  "app/core/schema/prune.ts": "with the first question or pruning preview (prune-store.ts)",
  "app/core/schema/schema-pruner.ts": "with the first question or pruning preview",
  "app/core/schema/schema-context.ts": "with the first question or pruning preview",
  "app/core/schema/schema-retriever.ts": "with the first question or pruning preview",
  "app/core/schema/schema-search.ts": "with the agent's first search_schema call",
  "app/core/schema/value-index.ts": "with the first question or pruning preview",
  "app/core/schema/language.ts": "with the first question or pruning preview",
  "app/state/trace-import.ts": "when a trace file is opened (agent-store.ts)",
  "app/state/exercise-store.ts": "when an exercise set is first opened (exercises/exercise-loader.tsx)",
  "app/core/exercises/exercise-set.ts": "when an exercise set is first opened",
  "app/ui/exercises/exercise-panel.tsx": "when an exercise set is first opened",
  "app/ui/embed/embed-app.tsx": "only for the embed (?embed=1), in place of the app",
  "app/ui/agent/trace-body.tsx": "once the page is idle after the start, or when a trace is first shown (agent-panel.tsx)",
  "app/ui/agent/turn-card.tsx": "with the trace's body (trace-body.tsx)",
  "app/ui/agent/session-share.tsx": "with the trace's body (trace-body.tsx)",
  "app/state/session-store.ts": "when a session is opened (session-store-on-demand.ts) or shared (trace-body.tsx)",
  "app/ui/editor/diagnosis-panel.tsx": "when a diagnosis is first asked for (diagnosis-on-demand.tsx)",
  "app/core/schema/describe-answer.ts": "with the describe request's sending (describe-with-llm.ts)",
  "app/state/agent-run-setup.ts": "with the first question or fork (agent-store.ts)",
  "app/state/in-page-model-store.ts": "with the first question, or when the model in the page is chosen (agent-panel.tsx, settings)",
  "app/ui/schema/describe-dialog.tsx": "when Describe undocumented columns is first pressed (schema/describe-button.tsx)",
};

describe("the page entry's static imports", () => {
  it.each(Object.entries(LOADED_ON_DEMAND))("do not reach %s, which loads %s", (module) => {
    expect(staticImportChain(REPOSITORY_ROOT, ENTRY, (found) => found === module)).toBeNull();
  });

  it("would be caught reaching one: the pruner imports the pruning code itself", () => {
    const isPrune = (found: string) => found === "app/core/schema/prune.ts";
    expect(staticImportChain(REPOSITORY_ROOT, "app/core/schema/schema-pruner.ts", isPrune)).toEqual([
      "app/core/schema/schema-pruner.ts",
      "app/core/schema/prune.ts",
    ]);
  });

  it("would be caught reaching full zod through a file: a stored session is checked with it", () => {
    const isZod = (found: string) => found === "zod";
    expect(staticImportChain(REPOSITORY_ROOT, "app/core/agent/session.ts", isZod)).toEqual(["app/core/agent/session.ts", "zod"]);
  });
});

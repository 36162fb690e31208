// Proves eslint.config.js enforces the app/core layer rule: forbidden imports fail lint, allowed ones pass.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const REPOSITORY_ROOT = fileURLToPath(new URL("../", import.meta.url));
const eslint = new ESLint({ cwd: REPOSITORY_ROOT });

/** Lints `code` as if it lived at `path` (relative to the repository); the file need not exist, its imports must. */
async function lint(path: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: `${REPOSITORY_ROOT}${path}` });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

const importing = (specifier: string): string => `import * as imported from "${specifier}";\nexport const probe = imported;\n`;

describe("the app/core layer rule", () => {
  it("rejects db importing eval, naming the rule and the layer", async () => {
    const messages = await lint("app/core/db/layer-probe.ts", importing("../eval/ex-judge"));
    expect(messages).toEqual([{ ruleId: "import-x/no-restricted-paths", message: expect.stringContaining("app/core/db may import only itself") }]);
  });

  it("allows schema importing db", async () => {
    expect(await lint("app/core/schema/layer-probe.ts", importing("../db/types"))).toEqual([]);
  });

  it.each([
    ["llm importing db", "app/core/llm/layer-probe.ts", "../db/types"],
    ["schema importing agent", "app/core/schema/layer-probe.ts", "../agent/trace"],
    ["agent importing eval", "app/core/agent/layer-probe.ts", "../eval/ex-judge"],
    ["eval importing exercises", "app/core/eval/layer-probe.ts", "../exercises/check-answer"],
    ["a shared top-level utility importing a layer", "app/core/layer-probe.ts", "./db/types"],
    ["core importing the UI's state", "app/core/eval/layer-probe.ts", "../../state/settings-store"],
  ])("rejects %s", async (_case, path, specifier) => {
    expect((await lint(path, importing(specifier))).map((message) => message.ruleId)).toEqual(["import-x/no-restricted-paths"]);
  });

  it.each([
    ["eval importing agent, schema, db and llm", "app/core/eval/layer-probe.ts", ["../agent/trace", "../schema/types", "../db/types", "../llm/llm-errors"]],
    [
      "exercises importing eval, agent, schema and db",
      "app/core/exercises/layer-probe.ts",
      ["../eval/ex-judge", "../agent/trace", "../schema/types", "../db/types"],
    ],
    ["any layer importing a shared top-level utility", "app/core/db/layer-probe.ts", ["../format"]],
    ["the composition root importing db, schema and eval", "app/core/database-service.ts", ["./db/types", "./schema/types", "./eval/ex-judge"]],
    ["a test reaching across layers", "app/core/db/layer-probe.test.ts", ["../eval/ex-judge"]],
  ])("allows %s", async (_case, path, specifiers) => {
    const code = specifiers
      .map((specifier, index) => `import * as imported${index} from "${specifier}";\nexport const probe${index} = imported${index};\n`)
      .join("");
    expect(await lint(path, code)).toEqual([]);
  });

  it("keeps React and DOM-only packages out of app/core", async () => {
    expect((await lint("app/core/agent/layer-probe.ts", importing("react-dom/client"))).map((message) => message.ruleId)).toEqual(["no-restricted-imports"]);
  });
});

// Runs the scripted LLM server's own tests. They are named *.vitest.ts because Playwright's testDir is e2e/ and its default testMatch would collect (and choke on) a *.test.ts there.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL("../..", import.meta.url)),
    include: ["e2e/llm-server/**/*.vitest.ts"],
    environment: "node",
    testTimeout: 30_000,
  },
});

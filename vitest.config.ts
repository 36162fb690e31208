// Unit tests for the pure core and worker logic, run in Node.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts", "e2e/llm-server/**/*.vitest.ts"],
    environment: "node",
    testTimeout: 30_000,
  },
});

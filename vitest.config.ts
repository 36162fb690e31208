// Unit tests for the pure core and worker logic, run in Node.
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "workers/**/*.test.ts", "scripts/**/*.test.ts", "e2e/llm-server/**/*.vitest.ts"],
    environment: "node",
    testTimeout: 30_000,
    // One test file per core. Vitest's default is one fewer than the cores, which on CI's two cores ran the files one
    // at a time: 298 s there; two at a time took 192 and 196 s on the same machine, every test passing.
    maxWorkers: availableParallelism(),
  },
});

// `querylab ask`: one question to the agent over a SQLite file, its trace printed as it happens.
import { parseArgs } from "node:util";
import { runAgent } from "../core/agent/agent-loop";
import { createLanguageModel, presetOf } from "../core/llm/providers";
import { LLM_OPTION_SPEC, llmSettingsFrom } from "./llm-options";
import { openDatabaseFile } from "./node-engine";
import { createEventPrinter } from "./print-events";
import { PRUNE_OPTION_SPEC, PRUNE_USAGE, prunerFromOptions } from "./schema-pruner";
import { pruningSummary } from "../core/schema/schema-context";

export async function askCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { db: { type: "string" }, question: { type: "string" }, ...LLM_OPTION_SPEC, ...PRUNE_OPTION_SPEC } });
  if (!values.db || !values.question) {
    process.stderr.write(`Usage: querylab ask --db FILE --question TEXT [--base-url URL --model M --api-key K] ${PRUNE_USAGE}\n`);
    return 2;
  }
  const settings = llmSettingsFrom(values);
  const database = await openDatabaseFile(values.db);
  const pruner = await prunerFromOptions(database, values);
  const pruned = pruner ? await pruner(values.question) : null;
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort(new Error("interrupted")));
  const print = createEventPrinter((text) => process.stdout.write(text));
  let status = "failed";
  for await (const event of runAgent({
    question: values.question,
    database,
    model: createLanguageModel(settings),
    settings,
    reachHint: presetOf(settings).reachHint,
    signal: controller.signal,
    ...(pruned ? { schemaText: pruned.schemaText, schemaPruning: pruningSummary(pruned) } : {}),
  })) {
    print(event);
    if (event.type === "run-end") status = event.status;
  }
  return status === "submitted" ? 0 : 1;
}

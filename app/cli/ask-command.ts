// `querylab ask`: one question to the agent over a SQLite file, its trace printed as it happens.
import { parseArgs } from "node:util";
import { runAgent } from "../core/agent/agent-loop";
import { sharesValues } from "../core/data-sharing";
import { createLanguageModel, presetOf } from "../core/llm/providers";
import { alignDescriptions, descriptionsFromComments } from "../core/schema/descriptions";
import { unprunedSchema } from "../core/schema/prune";
import { pruningSummary } from "../core/schema/schema-context";
import { LLM_OPTION_SPEC, SHARING_USAGE, llmSettingsFrom, sharingFrom } from "./llm-options";
import { openDatabaseFile } from "./node-engine";
import { createEventPrinter } from "./print-events";
import { PRUNE_OPTION_SPEC, PRUNE_USAGE, filePruner, pruningFromOptions } from "./schema-pruner";

export async function askCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { db: { type: "string" }, question: { type: "string" }, ...LLM_OPTION_SPEC, ...PRUNE_OPTION_SPEC } });
  if (!values.db || !values.question) {
    process.stderr.write(`Usage: querylab ask --db FILE --question TEXT [--base-url URL --model M --api-key K] ${SHARING_USAGE} ${PRUNE_USAGE}\n`);
    return 2;
  }
  const settings = llmSettingsFrom(values);
  const sharing = sharingFrom(values);
  const database = await openDatabaseFile(values.db);
  const pruner = await filePruner(database, await pruningFromOptions(values), sharing);
  const pruned = pruner ? await pruner(values.question) : null;
  const schema = pruned
    ? { text: pruned.schemaText, pruning: pruningSummary(pruned) }
    : await (async () => {
        const full = await database.schema();
        return unprunedSchema(full, {
          descriptions: alignDescriptions(descriptionsFromComments(full), full),
          profile: await database.profile(),
          includeValues: sharesValues(sharing),
        });
      })();
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort(new Error("interrupted")));
  const print = createEventPrinter((text) => process.stdout.write(text));
  let status = "failed";
  for await (const event of runAgent({
    question: values.question,
    database,
    model: createLanguageModel(settings),
    settings,
    sharing,
    reachHint: presetOf(settings).reachHint,
    signal: controller.signal,
    schema,
  })) {
    print(event);
    if (event.type === "run-end") status = event.status;
  }
  return status === "submitted" ? 0 : 1;
}

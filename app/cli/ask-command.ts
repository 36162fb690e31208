// `querylab ask`: one question to the agent over a SQLite file, its trace printed as it happens.
import { parseArgs } from "node:util";
import type { BenchmarkDatabase } from "../core/eval/benchmark-session";
import { runAgent } from "../core/agent/agent-loop";
import { sharesValues } from "../core/data-sharing";
import { createLanguageModel, presetOf } from "../core/llm/providers";
import { alignDescriptions, descriptionsFromComments } from "../core/schema/descriptions";
import { unprunedSchema } from "../core/schema/prune";
import { pruningSummary } from "../core/schema/schema-context";
import { LIMITS_USAGE, LLM_OPTION_SPEC, SHARING_USAGE, VOTING_USAGE, limitsFrom, llmSettingsFrom, sharingFrom, votingFrom } from "./llm-options";
import { runVoting } from "../core/eval/candidate-voting";
import { openWatchedDatabaseFile } from "./watched-database";
import { createEventPrinter } from "./print-events";
import { PRUNE_OPTION_SPEC, PRUNE_USAGE, filePruner, pruningFromOptions } from "./schema-pruner";
import { pruningText, threadContext } from "../core/agent/thread-context";
import type { ThreadQuestion } from "../core/agent/thread";
import { readFollowUp } from "./follow-up";
import { errorMessage } from "../core/error-message";

export async function askCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { db: { type: "string" }, question: { type: "string" }, "follow-up": { type: "string" }, ...LLM_OPTION_SPEC, ...PRUNE_OPTION_SPEC },
  });
  if (!values.db || !values.question) {
    process.stderr.write(
      `Usage: querylab ask --db FILE --question TEXT [--follow-up TRACE_OR_THREAD.json] [--base-url URL --model M --api-key K] ${VOTING_USAGE} ${SHARING_USAGE} ${LIMITS_USAGE} ${PRUNE_USAGE}\n`,
    );
    return 2;
  }
  let earlier: ThreadQuestion[];
  try {
    earlier = values["follow-up"] ? await readFollowUp(values["follow-up"]) : [];
  } catch (error) {
    process.stderr.write(`${errorMessage(error)}\n`);
    return 2;
  }
  const limits = limitsFrom(values);
  const watched = await openWatchedDatabaseFile(values.db, limits.queryLimitMs);
  try {
    return await askOver(watched.database, values.question, earlier, values, limits.questionLimitMs);
  } finally {
    await watched.close();
  }
}

async function askOver(
  database: BenchmarkDatabase,
  question: string,
  earlier: ThreadQuestion[],
  values: Parameters<typeof llmSettingsFrom>[0],
  questionLimitMs: number,
): Promise<number> {
  const settings = llmSettingsFrom(values);
  const sharing = sharingFrom(values);
  // As in the page: what the earlier questions concluded (within the sharing level and the token bound), pruned for too.
  const context = threadContext(earlier, { sharing });
  const pruner = await filePruner(database, await pruningFromOptions(values), sharing);
  const pruned = pruner ? await pruner.prune(pruningText(question, { questions: earlier })) : null;
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
  const interrupt = () => controller.abort(new Error("interrupted"));
  process.once("SIGINT", interrupt);
  // The question's own limit: a model that never stops asking, or a hung connection, still ends the command.
  const overTime = AbortSignal.timeout(questionLimitMs);
  const signal = AbortSignal.any([controller.signal, overTime]);
  const print = createEventPrinter((text) => process.stdout.write(text));
  let status = "failed";
  const voting = votingFrom(values);
  const options = {
    question,
    database: database.stoppableBy?.(signal) ?? database,
    model: createLanguageModel(settings),
    settings,
    sharing,
    threadContext: context?.text,
    // Offered to the model only when the schema is pruned (the agent loop decides).
    schemaSearch: pruner?.search,
    reachHint: presetOf(settings).reachHint,
    signal,
    schema,
  };
  for await (const event of voting ? runVoting(options, voting) : runAgent(options)) {
    print(event);
    if (event.type === "run-end") status = event.status;
  }
  process.removeListener("SIGINT", interrupt);
  if (overTime.aborted && !controller.signal.aborted) {
    process.stderr.write(`The question ran past its ${(questionLimitMs / 1000).toLocaleString("en-US")} s limit (--question-time-limit) and was stopped.\n`);
  }
  return status === "submitted" ? 0 : 1;
}

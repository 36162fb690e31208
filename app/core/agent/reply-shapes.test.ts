// Replies the way real models write them: each shape, in the style of a model family, and the action it must yield in
// both protocols (the text protocol, and a tool-calling model that answered in prose instead of calling a tool).
import { describe, expect, it } from "vitest";
import { requestedCalls, validateToolCall } from "./tool-call";

const ANSWER = "SELECT name FROM city WHERE country = 'France' ORDER BY population DESC LIMIT 1";
const COUNT = "SELECT count(*) FROM city";
const FENCE = "```";

type Expected =
  /** The calls, in order, as validation leaves them; `input: null` means the call is read but refused by validation. */
  | { calls: { tool: string; input: unknown }[] }
  /** No tool: the model is nudged, told either that nothing was asked for or that its final answer lacks the query. */
  | { nudge: "no-action" | "final-without-sql" };

interface Shape {
  family: string;
  shape: string;
  reply: string;
  expected: Expected;
}

const submit = (sql: string): Expected => ({ calls: [{ tool: "submit_sql", input: { sql } }] });
const run = (sql: string): Expected => ({ calls: [{ tool: "run_sql", input: { sql } }] });
const call = (tool: string, input: unknown): Expected => ({ calls: [{ tool, input }] });
const sqlBlock = (sql: string, tag = "sql") => `${FENCE}${tag}\n${sql}\n${FENCE}`;

const SHAPES: Shape[] = [
  // The issue's case: the marker after the block, not before it.
  { family: "GPT", shape: "sql block, then FINAL ANSWER on its own line", reply: `${sqlBlock(ANSWER)}\nFINAL ANSWER`, expected: submit(ANSWER) },
  {
    family: "GPT",
    shape: "bold **Final SQL:** before the block, explanation after",
    reply: `**Final SQL:**\n\n${sqlBlock(ANSWER)}\n\nThis filters the French cities and keeps the most populous one.`,
    expected: submit(ANSWER),
  },
  {
    family: "GPT",
    shape: "'Here is the final SQL query:' mid-sentence, block with a semicolon",
    reply: `The query worked. Here is the final SQL query:\n\n${sqlBlock(`${ANSWER};`)}`,
    expected: submit(`${ANSWER};`),
  },
  {
    family: "GPT",
    shape: "first draft, then 'Final answer:' and the block, then an alternative block",
    reply: `Draft:\n${sqlBlock(COUNT)}\nFinal answer:\n${sqlBlock(ANSWER)}\nIf ties matter, you could also use:\n${sqlBlock("SELECT name FROM city WHERE country = 'France'")}`,
    expected: submit(ANSWER),
  },
  {
    family: "Claude",
    shape: "the query, then 'Final answer: Paris' (the answer in words)",
    reply: `Based on the results, Paris is the most populous French city.\n\n${sqlBlock(ANSWER)}\n\nFinal answer: Paris`,
    expected: submit(ANSWER),
  },
  {
    family: "Claude",
    shape: "<thinking> with a draft query, then an ACTION line",
    reply: `<thinking>Maybe ${sqlBlock("SELECT * FROM city")} would do, but I should check the columns.</thinking>\n\nI'll look at the table first.\nACTION: describe_table city`,
    expected: call("describe_table", { table: "city" }),
  },
  {
    family: "Claude",
    shape: "prose and a block to try (no marker): runs it",
    reply: `Let me look at how countries are distributed first:\n\n${sqlBlock("SELECT country, count(*) FROM city GROUP BY country")}\n\nThis will show me the spelling.`,
    expected: run("SELECT country, count(*) FROM city GROUP BY country"),
  },
  {
    family: "Claude",
    shape: "'Before I give the final answer, let me run:' is not a marker",
    reply: `Before I give the final answer, let me run:\n${sqlBlock(ANSWER)}`,
    expected: run(ANSWER),
  },
  {
    family: "Gemini",
    shape: "markdown heading '## Final Answer', block tagged sqlite",
    reply: `## Final Answer\n\n${sqlBlock(ANSWER, "sqlite")}`,
    expected: submit(ANSWER),
  },
  {
    family: "Gemini",
    shape: "block tagged SQL, then 'final answer' in lower case",
    reply: `${sqlBlock(ANSWER, "SQL")}\n\nfinal answer`,
    expected: submit(ANSWER),
  },
  { family: "Gemini", shape: "'Final Answer (SQL):' and an untagged block", reply: `Final Answer (SQL):\n${sqlBlock(ANSWER, "")}`, expected: submit(ANSWER) },
  { family: "Gemini", shape: "'**Final Answer:**' with the query as inline code", reply: `**Final Answer:** \`${ANSWER}\``, expected: submit(ANSWER) },
  {
    family: "Gemini",
    shape: "'### Final SQL' heading, then a '### Result' heading with an untagged table block",
    reply: `### Final SQL\n${sqlBlock(ANSWER)}\n### Result\n${FENCE}\nname\nParis\n${FENCE}`,
    expected: submit(ANSWER),
  },
  {
    family: "Llama",
    shape: 'JSON {"name", "parameters"} for submit_sql, no fence',
    reply: JSON.stringify({ name: "submit_sql", parameters: { sql: ANSWER } }),
    expected: submit(ANSWER),
  },
  {
    family: "Llama",
    shape: "<|python_tag|> JSON call with <|eom_id|>",
    reply: `<|python_tag|>${JSON.stringify({ name: "run_sql", parameters: { sql: COUNT } })}<|eom_id|>`,
    expected: run(COUNT),
  },
  {
    family: "Llama",
    shape: "<function=describe_table>{…}</function>",
    reply: '<function=describe_table>{"table": "city"}</function>',
    expected: call("describe_table", { table: "city" }),
  },
  { family: "Llama", shape: "block, then 'This is my final answer.'", reply: `${sqlBlock(ANSWER)}\nThis is my final answer.`, expected: submit(ANSWER) },
  {
    family: "Llama",
    shape: "two JSON calls in one reply: both run, in order",
    reply: `${JSON.stringify({ name: "describe_table", parameters: { table: "city" } })}; ${JSON.stringify({ name: "list_tables", parameters: {} })}`,
    expected: {
      calls: [
        { tool: "describe_table", input: { table: "city" } },
        { tool: "list_tables", input: {} },
      ],
    },
  },
  {
    family: "Qwen",
    shape: "<tool_call> tags around a JSON call",
    reply: '<tool_call>\n{"name": "list_tables", "arguments": {}}\n</tool_call>',
    expected: call("list_tables", {}),
  },
  {
    family: "Qwen",
    shape: "JSON call whose SQL string has raw line breaks (invalid JSON as written)",
    reply: 'Let me verify.\n<tool_call>\n{"name": "run_sql", "arguments": {"sql": "SELECT name\nFROM city"}}\n</tool_call>',
    expected: run("SELECT name\nFROM city"),
  },
  {
    family: "Qwen",
    shape: "```json fence around a submit_sql call",
    reply: `${FENCE}json\n${JSON.stringify({ name: "submit_sql", arguments: { sql: ANSWER } })}\n${FENCE}`,
    expected: submit(ANSWER),
  },
  {
    family: "Qwen",
    shape: "<think> holding a JSON submit, then a real call",
    reply: `<think>I could call ${JSON.stringify({ name: "submit_sql", arguments: { sql: "SELECT 1" } })} but I am not sure.</think>\n<tool_call>${JSON.stringify({ name: "describe_table", arguments: { table: "city" } })}</tool_call>`,
    expected: call("describe_table", { table: "city" }),
  },
  {
    family: "GPT",
    shape: "OpenAI wire format written out, arguments as a JSON string",
    reply: JSON.stringify({ type: "function", function: { name: "describe_table", arguments: JSON.stringify({ table: "city" }) } }),
    expected: call("describe_table", { table: "city" }),
  },
  {
    family: "DeepSeek",
    shape: "R1: <think> with draft SQL and a draft marker, then the block and FINAL ANSWER",
    reply: `<think>\nMaybe:\n${sqlBlock("SELECT * FROM city")}\nFinal answer: SELECT * FROM city? No, it needs the country.\n</think>\n\n${sqlBlock(ANSWER)}\nFINAL ANSWER`,
    expected: submit(ANSWER),
  },
  {
    family: "DeepSeek",
    shape: "R1 through a template that opened <think>: only </think> in the reply",
    reply: `The user wants the biggest city. SELECT * FROM city might work.\n</think>\n\nACTION: list_tables`,
    expected: call("list_tables", {}),
  },
  {
    family: "DeepSeek",
    shape: "R1 cut off while thinking: the draft is not taken",
    reply: `<think>\nLet me draft:\n${sqlBlock("SELECT * FROM city")}\nHmm, and then`,
    expected: { nudge: "no-action" },
  },
  {
    family: "DeepSeek",
    shape: "V3 step headings, a block to explore",
    reply: `### Step 1: check the spelling\n${sqlBlock("SELECT DISTINCT country FROM city")}`,
    expected: run("SELECT DISTINCT country FROM city"),
  },
  {
    family: "small local",
    shape: '{"tool", "args"} JSON',
    reply: JSON.stringify({ tool: "describe_table", args: { table: "city" } }),
    expected: call("describe_table", { table: "city" }),
  },
  { family: "small local", shape: '{"tool", "input"} JSON', reply: JSON.stringify({ tool: "run_sql", input: { sql: COUNT } }), expected: run(COUNT) },
  {
    family: "small local",
    shape: "arguments written beside the tool name",
    reply: JSON.stringify({ tool: "sample_values", table: "city", column: "country" }),
    expected: call("sample_values", { table: "city", column: "country" }),
  },
  { family: "small local", shape: "the bare query as the whole reply", reply: `${COUNT};`, expected: run(COUNT) },
  {
    family: "small local",
    shape: "LangChain SQL style 'SQLQuery:' line, then 'SQLResult:'",
    reply: `Question: how many cities?\nSQLQuery: ${COUNT}\nSQLResult:`,
    expected: run(COUNT),
  },
  {
    family: "small local",
    shape: "ReAct Action / Action Input {}",
    reply: "Thought: I need the tables.\nAction: list_tables\nAction Input: {}",
    expected: call("list_tables", {}),
  },
  {
    family: "small local",
    shape: "ReAct Action Input as a bare query",
    reply: `Thought: count them.\nAction: run_sql\nAction Input: ${COUNT}`,
    expected: run(COUNT),
  },
  {
    family: "small local",
    shape: "ReAct 'Final Answer:' followed by the query without a fence",
    reply: `Thought: I now know the final answer\nFinal Answer: ${ANSWER}`,
    expected: submit(ANSWER),
  },
  {
    family: "small local",
    shape: 'LangChain JSON {"action": "Final Answer", "action_input": …}',
    reply: `${FENCE}json\n${JSON.stringify({ action: "Final Answer", action_input: ANSWER })}\n${FENCE}`,
    expected: submit(ANSWER),
  },
  {
    family: "small local",
    shape: "closing fence glued to the query",
    reply: `${FENCE}sql\n${COUNT};${FENCE}`,
    expected: run(`${COUNT};`),
  },
  { family: "small local", shape: "a one-line fenced block", reply: `${FENCE}sql ${COUNT}${FENCE}`, expected: run(COUNT) },
  { family: "small local", shape: "a query as inline code in a sentence", reply: `Let me count the rows with \`${COUNT}\`.`, expected: run(COUNT) },
  {
    family: "small local",
    shape: "two blocks, no marker: the last (the corrected one) runs",
    reply: `First try:\n${sqlBlock("SELECT * FROM city")}\nBetter:\n${sqlBlock("SELECT name FROM city")}`,
    expected: run("SELECT name FROM city"),
  },
  {
    family: "small local",
    shape: "an unknown tool in JSON: read, then refused so the model hears the tool list",
    reply: JSON.stringify({ name: "execute_sql", arguments: { sql: COUNT } }),
    expected: { calls: [{ tool: "execute_sql", input: null }] },
  },
  {
    family: "Mistral",
    shape: "[TOOL_CALLS] with a JSON array",
    reply: `[TOOL_CALLS] [${JSON.stringify({ name: "describe_table", arguments: { table: "city" } })}]`,
    expected: call("describe_table", { table: "city" }),
  },
  {
    family: "text protocol",
    shape: "ACTION: submit_sql followed by its block",
    reply: `The query returned Paris.\nACTION: submit_sql\n${sqlBlock(ANSWER)}`,
    expected: submit(ANSWER),
  },
  {
    family: "text protocol",
    shape: "ACTION: sample_values with a LIKE pattern",
    reply: "I'll check the spelling.\nACTION: sample_values city country %fr%",
    expected: call("sample_values", { table: "city", column: "country", like: "%fr%" }),
  },
  {
    family: "text protocol",
    shape: "braces inside a SQL block are SQL, not a tool call",
    reply: sqlBlock(`SELECT '{"name": "submit_sql", "arguments": {"sql": "SELECT 1"}}' AS text`),
    expected: run(`SELECT '{"name": "submit_sql", "arguments": {"sql": "SELECT 1"}}' AS text`),
  },
  {
    family: "Claude",
    shape: "prose only, with a column name as inline code",
    reply: "The `country` column holds full names, so France is spelled out.",
    expected: { nudge: "no-action" },
  },
  { family: "GPT", shape: "'Final answer: Paris' with no query anywhere", reply: "Final answer: Paris", expected: { nudge: "final-without-sql" } },
  {
    family: "small local",
    shape: "a result row written as JSON is not a call",
    reply: `The query returned ${JSON.stringify({ name: "Paris", population: 2102650 })}.`,
    expected: { nudge: "no-action" },
  },
];

/** What the loop would do with the reply: the requested calls after validation, or the nudge it would send. */
function actionOf(reply: string, protocol: "tools" | "text") {
  const { calls, problem } = requestedCalls({ text: reply, toolCalls: [] }, protocol, 1);
  return {
    calls: calls.map((requested) => {
      const validated = validateToolCall(requested);
      return { tool: requested.toolName, input: validated.ok ? validated.call.input : null };
    }),
    problem,
  };
}

describe("replies the way real models write them", () => {
  it("covers at least 30 shapes from every family", () => {
    expect(SHAPES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(SHAPES.map((shape) => shape.family))).toEqual(
      new Set(["GPT", "Claude", "Gemini", "Llama", "Qwen", "DeepSeek", "small local", "Mistral", "text protocol"]),
    );
  });

  for (const protocol of ["text", "tools"] as const) {
    describe(`${protocol} protocol`, () => {
      it.each(SHAPES.map((shape) => [`${shape.family}: ${shape.shape}`, shape] as const))("%s", (_name, shape) => {
        const action = actionOf(shape.reply, protocol);
        if ("calls" in shape.expected) {
          expect(action).toEqual({ calls: shape.expected.calls, problem: null });
        } else {
          expect(action.calls).toEqual([]);
          const message =
            shape.expected.nudge === "final-without-sql" ? /final answer but no query/ : protocol === "text" ? /No action found/ : /No tool was called/;
          expect(action.problem).toMatch(message);
        }
      });
    });
  }

  it("gives each call written in one reply an id of its own", () => {
    const reply = `${JSON.stringify({ name: "list_tables", arguments: {} })}\n${JSON.stringify({ name: "describe_table", arguments: { table: "city" } })}`;
    expect(requestedCalls({ text: reply, toolCalls: [] }, "tools", 4).calls.map((requested) => requested.id)).toEqual(["text-4", "text-4-2"]);
  });

  it("reads a reply full of unclosed braces in bounded time", () => {
    const started = performance.now();
    const reply = `${"{".repeat(200_000)}\n${sqlBlock(COUNT)}`;
    expect(actionOf(reply, "text").calls).toEqual([{ tool: "run_sql", input: { sql: COUNT } }]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

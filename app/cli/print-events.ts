// Prints agent events as a readable trace in the terminal, the same events the page renders.
import type { AgentEvent } from "../core/agent/events";

function indent(text: string, prefix = "    "): string {
  return text
    .split("\n")
    .map((line) => `${prefix}${line}`)
    .join("\n");
}

export function createEventPrinter(write: (text: string) => void): (event: AgentEvent) => void {
  let thinking = false;
  return (event) => {
    if (event.type !== "text-delta" && thinking) {
      write("\n");
      thinking = false;
    }
    switch (event.type) {
      case "run-start":
        write(`Question: ${event.question}\nModel: ${event.model} at ${event.baseUrl} (${event.protocol === "tools" ? "tool calls" : "text protocol"})\n`);
        break;
      case "turn-start":
        write(`\nTurn ${event.turn}\n`);
        break;
      case "text-delta":
        if (!thinking) write("  thought: ");
        thinking = true;
        write(event.text);
        break;
      case "turn-retry":
        write(`  ${event.reason} Retrying in ${Math.round(event.delayMs)} ms (attempt ${event.attempt + 1}).\n`);
        break;
      case "protocol-switch":
        write(`  ${event.reason} Switching to the text protocol.\n`);
        break;
      case "tool-call": {
        const input = event.input as { sql?: unknown } | null;
        write(`  action: ${event.tool}${typeof input?.sql === "string" ? `\n${indent(input.sql)}` : ` ${JSON.stringify(event.input)}`}\n`);
        break;
      }
      case "observation":
        write(`  observation${event.ok ? "" : " (error)"}:\n${indent(event.text)}\n`);
        break;
      case "turn-end":
        write(`  tokens: ${event.usage.inputTokens} in, ${event.usage.outputTokens} out; ${Math.round(event.latencyMs)} ms\n`);
        break;
      case "final":
        write(`\nFinal SQL:\n${indent(event.sql, "  ")}\n`);
        break;
      case "error":
        write(
          `\nError (${event.kind}): ${event.message}\n${event.lastSuccessfulSql ? `Last query that ran:\n${indent(event.lastSuccessfulSql, "  ")}\n` : ""}`,
        );
        break;
      case "run-end":
        write(
          `\n${event.status}: ${event.turns} turns, ${event.usage.inputTokens} tokens in, ${event.usage.outputTokens} out, ${Math.round(event.elapsedMs)} ms (${event.overheadMs.toFixed(1)} ms outside the model)\n`,
        );
        break;
    }
  };
}

// Prints agent events as a readable trace in the terminal, the same events the page renders.
import type { AgentEvent, RunEvent } from "../core/agent/events";

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
        const input = event.input as { sql?: unknown; terms?: unknown } | null;
        const argument =
          typeof input?.sql === "string"
            ? `\n${indent(input.sql)}`
            : typeof input?.terms === "string"
              ? ` "${input.terms}"`
              : ` ${JSON.stringify(event.input)}`;
        write(`  action: ${event.tool}${argument}\n`);
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
      case "candidate":
        printCandidate(event.candidate, event.event, write);
        break;
      case "vote":
        write(`\nVote of ${event.candidates} candidates at temperature ${event.temperature}: ${event.rule}\n`);
        event.groups.forEach((group, index) => {
          const mark = index === event.winner ? "winner" : `group ${index + 1}`;
          write(`  ${mark}: candidates ${group.candidates.join(", ")}; ${group.rowCount} rows\n`);
          for (const query of group.queries) write(`${indent(`${query.count}× ${query.sql}`)}\n`);
        });
        for (const { candidate, reason } of event.unanswered) write(`  candidate ${candidate}: no answer (${reason})\n`);
        break;
      case "run-end":
        write(
          `\n${event.status}: ${event.turns} turns, ${event.usage.inputTokens} tokens in, ${event.usage.outputTokens} out, ${Math.round(event.elapsedMs)} ms (${event.overheadMs.toFixed(1)} ms outside the model)\n`,
        );
        break;
    }
  };
}

/** A candidate's run in one line per milestone: the page opens each candidate's turns; a terminal would drown in five. */
function printCandidate(candidate: number, event: RunEvent, write: (text: string) => void): void {
  if (event.type === "final") write(`[candidate ${candidate}] final SQL: ${event.sql.replace(/\s+/g, " ")}\n`);
  else if (event.type === "error") write(`[candidate ${candidate}] error (${event.kind}): ${event.message}\n`);
  else if (event.type === "run-end")
    write(`[candidate ${candidate}] ${event.status} after ${event.turns} turns, ${event.usage.inputTokens} tokens in, ${event.usage.outputTokens} out\n`);
}

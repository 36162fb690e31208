// The conversation the model sees: the system prompt for the current protocol, and the messages each turn appends.
import type { ModelMessage } from "ai";
import type { DataSharing } from "../data-sharing";
import { systemPrompt, type ToolProtocol } from "./prompts";
import { questionWithContext } from "./thread-context";
import type { StepAction } from "./stop-conditions";
import type { RequestedToolCall } from "./tool-call";
import { TOOL_NAMES, type ToolName } from "./tools";

export interface ConversationStart {
  question: string;
  evidence?: string;
  schemaText: string;
  sharing: DataSharing;
  protocol: ToolProtocol;
  /** What earlier questions of the thread concluded (thread-context.ts), said before the question; absent for a first question. */
  threadContext?: string;
  /** search_schema is offered (the schema sent is pruned): the prompt says so and the tool is in the model's list. */
  schemaSearch?: boolean;
}

/** What one turn produced, as the conversation records it. */
export interface TurnRecord {
  text: string;
  calls: RequestedToolCall[];
  actions: StepAction[];
  /** Said to the model instead of observations when it asked for nothing usable. */
  problem: string | null;
}

export class Conversation {
  readonly messages: ModelMessage[];
  private currentProtocol: ToolProtocol;
  private currentSystem: string;

  constructor(private readonly start: ConversationStart) {
    this.messages = [{ role: "user", content: questionWithContext(start.question, start.threadContext) }];
    this.currentProtocol = start.protocol;
    this.currentSystem = this.promptFor(start.protocol);
  }

  get protocol(): ToolProtocol {
    return this.currentProtocol;
  }

  get system(): string {
    return this.currentSystem;
  }

  /** The tools offered to the model: all but search_schema, which only a pruned schema needs. */
  get tools(): ToolName[] {
    return TOOL_NAMES.filter((name) => name !== "search_schema" || this.start.schemaSearch === true);
  }

  /** For a provider that refuses tools: the same task, with actions written as text. */
  switchToText(): void {
    this.currentProtocol = "text";
    this.currentSystem = this.promptFor("text");
  }

  /**
   * Appends what the model did and what it observed. Native tool calls go back as tool calls with tool results
   * (providers require the pairing); an action read from text goes back as text with an "Observation:" reply.
   */
  appendTurn(turn: TurnRecord): void {
    const asText = this.currentProtocol === "text" || turn.calls.length === 0 || turn.calls[0]!.source === "text";
    if (asText) {
      this.messages.push({ role: "assistant", content: turn.text || "(no text)" });
      const observed = turn.problem ?? turn.actions.map((action) => action.observation.text).join("\n\n");
      this.messages.push({ role: "user", content: `Observation:\n${observed}` });
      return;
    }
    this.messages.push({
      role: "assistant",
      content: [
        ...(turn.text ? [{ type: "text" as const, text: turn.text }] : []),
        ...turn.calls.map((call) => ({
          type: "tool-call" as const,
          toolCallId: call.id,
          toolName: call.toolName,
          // Arguments the provider would reject on the way back are replaced; the observation says what was wrong.
          input: call.invalidReason !== undefined || typeof call.input !== "object" || call.input === null ? {} : call.input,
        })),
      ],
    });
    this.messages.push({
      role: "tool",
      content: turn.calls.map((call) => {
        const action = turn.actions.find((candidate) => candidate.requested === call);
        return {
          type: "tool-result" as const,
          toolCallId: call.id,
          toolName: call.toolName,
          output: { type: "text" as const, value: action ? action.observation.text : "Not run: only one submit per turn." },
        };
      }),
    });
  }

  private promptFor(protocol: ToolProtocol): string {
    return systemPrompt({
      schema: this.start.schemaText,
      protocol,
      evidence: this.start.evidence,
      sharing: this.start.sharing,
      schemaSearch: this.start.schemaSearch,
    });
  }
}

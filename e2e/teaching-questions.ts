// The bundled teaching benchmark's questions as the e2e specs read them, and the texts of a recorded chat request.
import { readFile } from "node:fs/promises";
import type { ChatRequest } from "./llm-server/scripted-llm-server";

export interface TeachingQuestion {
  db_id: string;
  question: string;
  query: string;
}

export async function readTeachingQuestions(): Promise<TeachingQuestion[]> {
  return JSON.parse(await readFile("public/benchmark/dev.json", "utf8")) as TeachingQuestion[];
}

/** The first message of a role in a request (the question is the first user message), as text. */
export function firstMessageText(request: ChatRequest, role: "system" | "user"): string {
  const message = request.messages.find((candidate) => candidate.role === role);
  return typeof message?.content === "string" ? message.content : JSON.stringify(message?.content ?? "");
}

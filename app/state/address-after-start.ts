// What the address asks of the page once its first database is open: a question to put in the box (the embed's
// "Open in QueryLab" link) and a shared session to open. Applied only once that database's workspace is on screen:
// entering the workspace puts its own thread there, with that thread's question or an empty box, and did so after
// the address's question when reading the workspace took longer than opening the database (a CI failure).
import { useAgentStore } from "./agent-store";
import { workspaceSettled } from "./thread-workspace";

export async function applyAddressAfterStart(question: string | null, openSession: () => void): Promise<void> {
  await workspaceSettled();
  if (question) useAgentStore.getState().setQuestion(question);
  openSession();
}

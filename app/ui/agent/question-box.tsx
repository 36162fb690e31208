// The question box: ask the agent in plain language, stop it, or pick one of the sample's example questions.
import { useEffect, useRef } from "react";
import { useAgentStore } from "../../state/agent-store";
import { useDatabaseStore } from "../../state/database-store";
import { VotingEstimateNote } from "./voting-estimate-note";

export function QuestionBox() {
  const question = useAgentStore((state) => state.question);
  const running = useAgentStore((state) => state.running);
  const { setQuestion, ask, stop } = useAgentStore.getState();
  const samples = useDatabaseStore((state) => state.samples);
  const currentName = useDatabaseStore((state) => state.current?.name);
  const examples = samples.find((sample) => sample.title === currentName)?.exampleQuestions ?? [];
  const input = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    // "/" focuses the question box from anywhere but a text field.
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest("input, textarea, [contenteditable=true], .monaco-editor");
      if (event.key === "/" && !typing) {
        event.preventDefault();
        input.current?.focus();
      }
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key === "Enter") {
        event.preventDefault();
        void useAgentStore.getState().ask();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <section className="question-box" aria-label="Question">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void ask();
        }}
      >
        <textarea
          ref={input}
          aria-label="Question for the agent"
          placeholder="Ask a question about the data, e.g. which customers ordered the most last year?  ( / to focus, Ctrl+Shift+Enter to ask)"
          rows={2}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              void ask();
            } else if (event.key === "Escape") {
              stop();
            }
          }}
        />
        <div className="question-actions">
          <button type="submit" className="primary" disabled={running || question.trim() === ""}>
            Ask
          </button>
          <button type="button" onClick={stop} disabled={!running}>
            Stop agent
          </button>
        </div>
      </form>
      <VotingEstimateNote />
      {examples.length > 0 && (
        <ul className="example-questions" aria-label="Example questions">
          {examples.map((example) => (
            <li key={example}>
              <button type="button" className="link-button" onClick={() => setQuestion(example)} disabled={running}>
                {example}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

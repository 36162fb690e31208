// The open exercise set above the editor: the questions with the student's progress, the question shown, Check, Hint
// (when the set allows), the reference on request, and the outcome of the last Check.
import { solvedCount } from "../../core/exercises/exercise-progress";
import type { ExerciseQuestion } from "../../core/exercises/exercise-set";
import { useExerciseStore } from "../../state/exercise-store";
import { ExerciseCheckResult } from "./exercise-check-result";
import { closeExercises } from "./exercises-address";
import "./exercises.css";

function QuestionList() {
  const questions = useExerciseStore((state) => state.set?.questions ?? []);
  const currentId = useExerciseStore((state) => state.currentId);
  const progress = useExerciseStore((state) => state.progress);
  return (
    <nav aria-label="Questions">
      <ol className="exercise-list">
        {questions.map((question, index) => {
          const done = progress[question.id];
          const state = done?.solved ? "solved" : done ? `${done.attempts} ${done.attempts === 1 ? "attempt" : "attempts"}` : "not tried";
          return (
            <li key={question.id}>
              <button
                type="button"
                className={done?.solved ? "solved" : undefined}
                aria-current={question.id === currentId ? "step" : undefined}
                aria-label={`Question ${index + 1}, ${state}`}
                title={question.question}
                onClick={() => useExerciseStore.getState().select(question.id)}
              >
                {index + 1}
                {done?.solved && <span aria-hidden="true"> ✓</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function ReferenceAnswer({ question }: { question: ExerciseQuestion }) {
  return (
    <section className="exercise-reference" aria-label="Reference answer">
      <p className="muted">For practice, not for exams: the reference is part of this page, so anyone who opens the set can read it.</p>
      <pre>{question.reference}</pre>
      {question.notes && <p>{question.notes}</p>}
    </section>
  );
}

function OpenSet() {
  const exercises = useExerciseStore((state) => state.set)!;
  const currentId = useExerciseStore((state) => state.currentId);
  const progress = useExerciseStore((state) => state.progress);
  const answerCheck = useExerciseStore((state) => state.answerCheck);
  const hint = useExerciseStore((state) => state.hint);
  const referenceShown = useExerciseStore((state) => state.referenceShownFor === state.currentId);
  const actions = useExerciseStore.getState();
  const index = exercises.questions.findIndex((question) => question.id === currentId);
  const question = exercises.questions[index];
  const solved = solvedCount(
    progress,
    exercises.questions.map((entry) => entry.id),
  );
  const attempts = question ? (progress[question.id]?.attempts ?? 0) : 0;

  return (
    <>
      <div className="toolbar">
        <h2>{exercises.title}</h2>
        <span className="results-summary">
          {solved} of {exercises.questions.length} solved
        </span>
        <span className="spacer" />
        <button type="button" onClick={() => actions.exportProgress()}>
          Export progress
        </button>
        <button type="button" onClick={() => void closeExercises()}>
          Close exercises
        </button>
      </div>
      {exercises.description && <p className="exercise-description muted">{exercises.description}</p>}
      <QuestionList />
      {question && (
        <div className="exercise-question">
          <p>
            <strong>Question {index + 1}.</strong> {question.question}
            {attempts > 0 && (
              <span className="muted">
                {" "}
                ({attempts} {attempts === 1 ? "attempt" : "attempts"}
                {progress[question.id]?.solved ? ", solved" : ""})
              </span>
            )}
          </p>
          <div className="exercise-actions">
            <button type="button" className="primary" disabled={answerCheck?.status === "checking"} onClick={() => void actions.check()}>
              Check
            </button>
            {exercises.hints && (
              <button type="button" disabled={hint?.status === "asking"} onClick={() => void actions.askHint()}>
                Hint
              </button>
            )}
            {!referenceShown && (
              <button type="button" onClick={() => actions.showReference()}>
                Show reference
              </button>
            )}
          </div>
          {answerCheck && <ExerciseCheckResult check={answerCheck} />}
          {hint && (
            <section className="exercise-hint" aria-label="Hint">
              {hint.status === "asking" ? (
                <p role="status">Asking the model for a hint…</p>
              ) : hint.status === "failed" ? (
                <p role="alert" className="query-error">
                  {hint.text}
                </p>
              ) : (
                <p>{hint.text}</p>
              )}
            </section>
          )}
          {referenceShown && <ReferenceAnswer question={question} />}
        </div>
      )}
    </>
  );
}

export function ExercisePanel() {
  const status = useExerciseStore((state) => state.status);
  const failure = useExerciseStore((state) => state.failure);
  if (status === "closed") return null;
  return (
    <section className="exercise-panel" aria-label="Exercises">
      {status === "loading" && <p role="status">Opening the exercise set…</p>}
      {status === "failed" && failure && (
        <div role="alert" className="query-error">
          <p>{failure.message}</p>
          {failure.problems.length > 1 && (
            <ul>
              {failure.problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </ul>
          )}
          <button type="button" onClick={() => void closeExercises()}>
            Close exercises
          </button>
        </div>
      )}
      {status === "open" && <OpenSet />}
    </section>
  );
}

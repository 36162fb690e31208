// The top bar's Exercises entry: the bundled Bookshop set, a set file from disk, or a set at a URL (docs/exercises.md).
import { useState, type FormEvent } from "react";
import { FilePickerButton } from "../common/file-picker-button";
import { ModalDialog } from "../common/modal-dialog";
import { loadExerciseStore } from "./exercise-loader";
import { openExercisesAt } from "./exercises-address";

/** Relative to the page, so a copy served from a sub-path finds it too. */
export const BUNDLED_EXERCISES_URL = "exercises/bookshop.json";

export function ExerciseMenu() {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const close = () => setOpen(false);

  const submitUrl = (event: FormEvent) => {
    event.preventDefault();
    if (url.trim() === "") return;
    close();
    // A set that cannot be loaded says so in the panel (exercise-loader.tsx); nothing more to do here.
    void openExercisesAt(url.trim()).catch(() => undefined);
  };

  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Exercises
      </button>
      {open && (
        <ModalDialog label="Exercises" className="exercise-menu" onClose={close}>
          <header>
            <h2>Exercises</h2>
            <button type="button" aria-label="Close" onClick={close}>
              ×
            </button>
          </header>
          <p className="muted">
            An exercise set is a database, questions and a reference query for each. Write SQL in the editor and press Check to compare your result with the
            reference.
          </p>
          <div className="exercise-menu-actions">
            <button
              type="button"
              onClick={() => {
                close();
                void openExercisesAt(BUNDLED_EXERCISES_URL).catch(() => undefined);
              }}
            >
              Bookshop exercises
            </button>
            <FilePickerButton
              inputLabel="Exercise set file"
              accept=".json,application/json"
              onFiles={([file]) => {
                close();
                void loadExerciseStore()
                  .then((store) => store.getState().openFile(file!))
                  .catch(() => undefined);
              }}
            >
              Open exercise file…
            </FilePickerButton>
          </div>
          <form className="url-form" onSubmit={submitUrl}>
            <label>
              Exercise set URL
              <input type="url" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://…/exercises.json" />
            </label>
            <button type="submit">Open set</button>
          </form>
        </ModalDialog>
      )}
    </>
  );
}

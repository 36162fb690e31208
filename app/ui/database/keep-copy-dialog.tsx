// Asked before a large database loaded whole is copied into browser storage: its size beside what storage holds and
// allows, so a person can decide with the numbers (a 440 MB copy can crowd out everything else the site keeps).
import { ModalDialog } from "../common/modal-dialog";
import { useDatabaseStore, type KeepQuestion } from "../../state/database-store";
import { formatBytes } from "../../core/format";
import "./keep-copy-dialog.css";

function storageText(question: KeepQuestion): string {
  if (question.usedBytes === null || question.quotaBytes === null) return "The browser does not say how much storage this site uses or may use.";
  const free = Math.max(0, question.quotaBytes - question.usedBytes);
  return `Browser storage for this site: ${formatBytes(question.usedBytes)} used, ${formatBytes(free)} free (of ${formatBytes(question.quotaBytes)}).`;
}

export function KeepCopyDialog() {
  const question = useDatabaseStore((state) => state.keepQuestion);
  if (!question) return null;
  const answer = (keep: boolean) => useDatabaseStore.getState().answerKeepQuestion(keep);
  const title = "Keep a copy in this browser?";
  return (
    <ModalDialog label={title} className="keep-copy-dialog" onClose={() => answer(false)}>
      <header>
        <h2>{title}</h2>
      </header>
      <p>
        {question.name} is {formatBytes(question.sizeBytes)}. A copy kept in this browser reopens after a reload and keeps your changes; without one it is open
        in this tab only.
      </p>
      <p>{storageText(question)}</p>
      <footer className="keep-copy-actions">
        <button type="button" onClick={() => answer(true)}>
          Keep a copy
        </button>
        <button type="button" onClick={() => answer(false)}>
          Open without keeping
        </button>
      </footer>
    </ModalDialog>
  );
}

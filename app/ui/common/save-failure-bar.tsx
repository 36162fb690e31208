// A refused save: why and the sizes, Download (the database as it is now), another try, and dismiss.
import { useDatabaseStore } from "../../state/database-store";

export function SaveFailureBar() {
  const failure = useDatabaseStore((state) => state.saveFailure);
  const downloadCurrent = useDatabaseStore((state) => state.downloadCurrent);
  const retry = useDatabaseStore((state) => state.afterChange);
  const dismiss = useDatabaseStore((state) => state.dismissSaveFailure);
  if (!failure) return null;
  return (
    <div className="notice error save-failure" role="alert">
      <span>{failure.message}</span>
      <span className="notice-actions">
        <button type="button" onClick={() => void downloadCurrent()}>
          Download a copy
        </button>
        <button type="button" onClick={() => void retry()}>
          Try saving again
        </button>
        <button type="button" aria-label="Dismiss the save message" onClick={dismiss}>
          ×
        </button>
      </span>
    </div>
  );
}

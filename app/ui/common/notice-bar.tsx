// The message about the last database action (an error to act on, or what an import did), dismissable;
// below it, a refused save, which stays until a save succeeds or the person dismisses it; then a new version, when one waits.
import { useDatabaseStore } from "../../state/database-store";
import { SaveFailureBar } from "./save-failure-bar";
import { UpdateNotice } from "./update-notice";

export function NoticeBar() {
  const notice = useDatabaseStore((state) => state.notice);
  const dismiss = useDatabaseStore((state) => state.dismissNotice);
  return (
    <>
      {notice && (
        <div className={`notice ${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
          <span>{notice.message}</span>
          <button type="button" aria-label="Dismiss message" onClick={dismiss}>
            ×
          </button>
        </div>
      )}
      <SaveFailureBar />
      <UpdateNotice />
    </>
  );
}

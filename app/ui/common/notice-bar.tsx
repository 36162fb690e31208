// The message about the last database action (an error to act on, or what an import did), dismissable.
import { useDatabaseStore } from "../../state/database-store";

export function NoticeBar() {
  const notice = useDatabaseStore((state) => state.notice);
  const dismiss = useDatabaseStore((state) => state.dismissNotice);
  if (!notice) return null;
  return (
    <div className={`notice ${notice.kind}`} role={notice.kind === "error" ? "alert" : "status"}>
      <span>{notice.message}</span>
      <button type="button" aria-label="Dismiss message" onClick={dismiss}>
        ×
      </button>
    </div>
  );
}

// "Diagnose" for a query shown outside the editor (a trace turn, the final answer): its clause stages open in the diagnosis panel.
import { useDiagnosisStore } from "../../state/diagnosis-store";

export function DiagnoseButton({ sql, label }: { sql: string; label: string }) {
  const running = useDiagnosisStore((state) => state.status === "running");
  return (
    <button type="button" aria-label={label} disabled={running} onClick={() => void useDiagnosisStore.getState().diagnose(sql)}>
      Diagnose
    </button>
  );
}

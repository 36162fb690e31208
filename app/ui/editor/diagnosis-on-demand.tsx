// The diagnosis panel, fetched when a diagnosis is first asked for (Diagnose): most visits ask for none (issue #14).
import { useDiagnosisStore } from "../../state/diagnosis-store";
import { onDemand } from "../common/on-demand";

const DiagnosisPanel = onDemand(() => import("./diagnosis-panel").then((module) => module.DiagnosisPanel), { part: "the diagnosis" });

export function DiagnosisOnDemand() {
  const asked = useDiagnosisStore((state) => state.status !== "idle");
  return asked ? <DiagnosisPanel /> : null;
}

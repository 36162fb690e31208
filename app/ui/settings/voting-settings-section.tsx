// Settings for candidate voting: how many agent runs answer each question (1 = off) and the temperature they run at.
import { DEFAULT_CANDIDATE_TEMPERATURE, MAX_CANDIDATES } from "../../core/llm/provider-presets";
import { useSettingsStore } from "../../state/settings-store";

export function VotingSettingsSection() {
  const llm = useSettingsStore((state) => state.llm);
  const { update } = useSettingsStore.getState();
  return (
    <section aria-label="Candidate voting" className="settings-form">
      <h3>Candidate voting</h3>
      <div className="settings-row">
        <label>
          Candidates per question
          <input
            type="number"
            min={1}
            max={MAX_CANDIDATES}
            value={llm.candidates}
            onChange={(event) => update({ candidates: Math.max(1, Math.min(MAX_CANDIDATES, Math.round(Number(event.target.value)) || 1)) })}
          />
        </label>
        <label>
          Candidate temperature
          <input
            type="number"
            min={0}
            max={2}
            step={0.1}
            value={llm.candidateTemperature}
            onChange={(event) => {
              const value = Number(event.target.value);
              update({ candidateTemperature: Number.isFinite(value) ? Math.max(0, Math.min(2, value)) : DEFAULT_CANDIDATE_TEMPERATURE });
            }}
          />
        </label>
      </div>
      <p className="muted">
        1 is off. With more, that many agent runs answer each question at once at the candidate temperature; each final query is run, the runs that return the
        same rows form a group, and the largest group&apos;s query is the answer (a tie goes to the group whose query most runs wrote alike, then to the shorter
        query). Each extra run costs about as much as a whole question; the token and money budgets per question are shared among the runs.
      </p>
    </section>
  );
}

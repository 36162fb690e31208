// The data-sharing setting, always visible in the agent panel: what the agent may send to the LLM endpoint.
import { DATA_SHARING_DESCRIPTIONS, DATA_SHARING_LABELS, dataSharingSchema } from "../../core/data-sharing";
import { useSettingsStore } from "../../state/settings-store";

export function DataSharingChoice({ host }: { host: string }) {
  const sharing = useSettingsStore((state) => state.sharing);
  const setSharing = useSettingsStore((state) => state.setSharing);
  return (
    <fieldset className={`data-sharing ${sharing === null ? "unset" : ""}`}>
      <legend>Sent to {host} when you ask</legend>
      {sharing === null && <p className="muted">Choose before the first question; nothing is sent until you do. The question itself is always sent.</p>}
      {dataSharingSchema.options.map((level) => (
        <label key={level} title={DATA_SHARING_DESCRIPTIONS[level]}>
          <input type="radio" name="data-sharing" value={level} checked={sharing === level} onChange={() => setSharing(level)} />
          {DATA_SHARING_LABELS[level]}
        </label>
      ))}
      {sharing && <p className="muted sharing-detail">{DATA_SHARING_DESCRIPTIONS[sharing]}</p>}
    </fieldset>
  );
}

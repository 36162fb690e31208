// The "Describe undocumented columns with the LLM" dialog: choose columns, read exactly what will be sent, then Send or Cancel.
import { ModalDialog } from "../common/modal-dialog";
import { DATA_SHARING_LABELS } from "../../core/data-sharing";
import { describeRequestText } from "../../core/schema/describe-request";
import { columnKey, useDescriptionsStore } from "../../state/descriptions-store";
import { useSettingsStore } from "../../state/settings-store";

export function DescribeDialog() {
  const dialog = useDescriptionsStore((state) => state.describe);
  const toggle = useDescriptionsStore((state) => state.toggleDescribeColumn);
  const send = useDescriptionsStore((state) => state.sendDescribe);
  const close = useDescriptionsStore((state) => state.closeDescribe);
  const sharing = useSettingsStore((state) => state.sharing);
  const model = useSettingsStore((state) => state.llm.model);
  const baseUrl = useSettingsStore((state) => state.llm.baseUrl);
  const sending = dialog.status === "sending";
  return (
    <ModalDialog label="Describe columns with the LLM" className="describe-dialog" onClose={close}>
      <header>
        <h2>Describe columns with the LLM</h2>
        <button type="button" aria-label="Close" onClick={close}>
          ×
        </button>
      </header>
      {dialog.offered.length === 0 ? (
        <p>Every column has a description already.</p>
      ) : (
        <>
          <fieldset className="describe-columns" disabled={sending}>
            <legend>Undocumented columns ({dialog.offered.length})</legend>
            <ul>
              {dialog.offered.map((column) => {
                const key = columnKey(column.table, column.column);
                return (
                  <li key={key}>
                    <label>
                      <input type="checkbox" checked={dialog.chosen.includes(key)} onChange={() => toggle(column.table, column.column)} /> {column.table}.
                      {column.column} <span className="muted">{column.type || "any"}</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <p className="muted">
            Sent to {model || "(no model chosen)"} at {baseUrl || "(no endpoint)"}.{" "}
            {dialog.request?.includesValues
              ? `Example values are included (data sharing: ${DATA_SHARING_LABELS[sharing ?? "schema"]}).`
              : "No values from the data are included (data sharing: schema only, or not chosen yet)."}
          </p>
          <label className="describe-request-label" htmlFor="describe-request">
            What will be sent
          </label>
          <pre id="describe-request" className="describe-request" aria-label="What will be sent" tabIndex={0}>
            {dialog.request ? describeRequestText(dialog.request) : "…"}
          </pre>
        </>
      )}
      {dialog.message && (
        <p role={dialog.status === "error" ? "alert" : "status"} className={dialog.status === "error" ? "describe-error" : "describe-done"}>
          {dialog.message}
        </p>
      )}
      <footer className="dialog-actions">
        <button
          type="button"
          onClick={() => void send()}
          disabled={sending || !dialog.request || dialog.request.columns.length === 0 || dialog.status === "done"}
        >
          {sending ? "Sending…" : "Send"}
        </button>
        <button type="button" onClick={close}>
          {dialog.status === "done" ? "Close" : "Cancel"}
        </button>
      </footer>
    </ModalDialog>
  );
}

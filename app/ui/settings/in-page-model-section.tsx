// Settings for the provider "In this browser": which small model (with its approximate download), where its files come
// from (the Base URL: the hub or a self-hosted folder), the question before a hub download, and loading it.
import { useEffect } from "react";
import { approxDownloadMegabytes, inPageModelLocation, inPageSupport, IN_PAGE_MODELS, isHubLocation, megabytesText } from "../../core/llm/in-page-models";
import { useInPageModelStore } from "../../state/in-page-model-store";
import { useSettingsStore } from "../../state/settings-store";
import { InPageModelStatus } from "../agent/in-page-model-status";

export function InPageModelSection() {
  const llm = useSettingsStore((state) => state.llm);
  const approved = useInPageModelStore((state) => state.approved);
  const status = useInPageModelStore((state) => state.status);
  // Computed here, not in the selector: a selector returning a new object each time would re-render without end.
  const abilities = useInPageModelStore((state) => state.abilities);
  const support = abilities ? inPageSupport(abilities, llm.model) : null;
  const { update } = useSettingsStore.getState();
  useEffect(() => {
    void useInPageModelStore.getState().probe();
  }, []);
  const device = support?.ok ? support.device : "wasm";
  const size = approxDownloadMegabytes(llm.model, device);
  const sizeText = size === null ? "size unknown" : `${megabytesText(size)}, approximate`;
  const fromHub = isHubLocation(llm.baseUrl, location.href);
  const listed = IN_PAGE_MODELS.some((entry) => entry.id === llm.model);
  const folder = fromHub ? null : inPageModelLocation(llm, location.href);
  const needsApproval = fromHub && !approved.includes(llm.model);

  return (
    <section aria-label="In-page model" className="settings-form">
      <label>
        Small model
        <select value={listed ? llm.model : ""} onChange={(event) => event.target.value && update({ model: event.target.value })}>
          {IN_PAGE_MODELS.map((entry) => {
            const megabytes = approxDownloadMegabytes(entry.id, device)!;
            return (
              <option key={entry.id} value={entry.id}>
                {entry.label} ({megabytesText(megabytes)})
              </option>
            );
          })}
          {!listed && <option value="">{llm.model || "Type a model name above"}</option>}
        </select>
      </label>
      <p className="muted">
        The model runs in this page ({device === "webgpu" ? "WebGPU" : "WASM"}): no key, no account, and nothing you ask or your database is sent anywhere.{" "}
        {fromHub
          ? `Its files (${sizeText}) come from the Hugging Face hub once, and the browser keeps them.`
          : `Its files come from ${folder?.localModelPath ?? folder?.remoteHost ?? llm.baseUrl}${llm.model}/ (config.json, tokenizer.json, tokenizer_config.json, generation_config.json, onnx/model_q4.onnx or model_q4f16.onnx); the hub is never contacted.`}{" "}
        Set the Base URL to a folder (such as ./models/) to host the files yourself.
      </p>
      {support?.ok !== false && needsApproval && (
        <section className="embedding-choice" aria-label="In-page model download">
          <p>
            Nothing is downloaded until you agree: <strong>{llm.model}</strong> ({sizeText}) from {new URL(llm.baseUrl).host}. Only the model&apos;s files are
            fetched; nothing of your database or questions is sent.
          </p>
          <div className="settings-row">
            <button type="button" onClick={() => void useInPageModelStore.getState().approveDownload()}>
              Download the model ({sizeText})
            </button>
          </div>
        </section>
      )}
      {support?.ok !== false && !needsApproval && (
        <div className="settings-row">
          <button
            type="button"
            disabled={status.state === "loading" || status.state === "ready"}
            onClick={() => {
              if (status.state === "failed") useInPageModelStore.getState().reset();
              void useInPageModelStore.getState().load();
            }}
          >
            {status.state === "loading" ? "Loading model…" : status.state === "failed" ? "Retry loading the model" : "Load model"}
          </button>
        </div>
      )}
      <InPageModelStatus />
    </section>
  );
}

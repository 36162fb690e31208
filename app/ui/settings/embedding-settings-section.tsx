// Settings for schema pruning's embedding model: which model (or off), where it loads from, the device, and a load button with progress.
import { EMBEDDING_MODEL_SUGGESTIONS } from "../../core/schema/embedding-settings";
import { EmbeddingDownloadChoice, EmbeddingStatus } from "../common/embedding-status";
import { downloadSizeText, embeddingStatusText } from "../common/embedding-status-text";
import { useEmbeddingStore } from "../../state/embedding-store";
import { useSettingsStore } from "../../state/settings-store";

export function EmbeddingSettingsSection() {
  const embedding = useSettingsStore((state) => state.embedding);
  const status = useEmbeddingStore((state) => state.status);
  const { updateEmbedding } = useSettingsStore.getState();
  const { load, reset } = useEmbeddingStore.getState();
  const known = EMBEDDING_MODEL_SUGGESTIONS.some((entry) => entry.id === embedding.model);
  const choice = embedding.enabled ? embedding.model : "off";

  return (
    <section aria-label="Schema pruning model" className="settings-form">
      <h3>Schema pruning</h3>
      <label>
        Embedding model
        <select
          value={choice}
          onChange={(event) =>
            event.target.value === "off" ? updateEmbedding({ enabled: false }) : updateEmbedding({ enabled: true, model: event.target.value })
          }
        >
          {EMBEDDING_MODEL_SUGGESTIONS.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.label}
            </option>
          ))}
          {!known && <option value={embedding.model}>{embedding.model}</option>}
          <option value="off">Off: lexical and value matching only</option>
        </select>
      </label>
      {embedding.enabled && (
        <>
          <label>
            Model name or folder
            <input
              value={embedding.model}
              onChange={(event) => event.target.value.trim() && updateEmbedding({ model: event.target.value })}
              spellCheck={false}
            />
          </label>
          <div className="settings-row">
            <label>
              Model location
              <select value={embedding.location} onChange={(event) => updateEmbedding({ location: event.target.value as "hub" | "folder" })}>
                <option value="hub">Hugging Face hub</option>
                <option value="folder">Self-hosted folder</option>
              </select>
            </label>
            {embedding.location === "folder" && (
              <label>
                Model folder URL
                <input
                  value={embedding.folderUrl}
                  onChange={(event) => updateEmbedding({ folderUrl: event.target.value })}
                  placeholder="./models/"
                  spellCheck={false}
                />
              </label>
            )}
            <label>
              Device
              <select value={embedding.device} onChange={(event) => updateEmbedding({ device: event.target.value as typeof embedding.device })}>
                <option value="auto">Automatic (WebGPU when available)</option>
                <option value="wasm">WASM (CPU)</option>
                <option value="webgpu">WebGPU</option>
              </select>
            </label>
          </div>
          <p className="muted">
            {embedding.location === "hub"
              ? `Downloaded once from huggingface.co (${downloadSizeText(embedding.model)}) and kept by the browser; schema embeddings are cached too. Nothing about your database is sent.`
              : `Loaded from ${embedding.folderUrl || "./models/"}${embedding.model}/ (config.json, tokenizer.json, onnx/model_quantized.onnx); the hub is never contacted.`}
          </p>
          <EmbeddingDownloadChoice onSelfHosted={() => undefined} />
          {status.state !== "needs-approval" && (
            <div className="settings-row">
              <button type="button" onClick={() => void (status.state === "failed" ? (reset(), load()) : load())} disabled={status.state === "loading"}>
                {status.state === "loading" ? "Loading model…" : status.state === "failed" ? "Retry loading the model" : "Load model"}
              </button>
            </div>
          )}
          {/* The same sentence as the status line at the bottom of the page (embedding-status.tsx). */}
          {status.state === "failed" ? (
            <p role="alert" className="notice error">
              {embeddingStatusText(status, embedding)}
            </p>
          ) : (
            status.state !== "needs-approval" && (
              <p role="status" className={status.state === "ready" ? "connection-ok" : "muted"}>
                <EmbeddingStatus />
              </p>
            )
          )}
        </>
      )}
    </section>
  );
}

// Settings for schema pruning's embedding model: which model (or off), where it loads from, the device, and a load button with progress.
import { EMBEDDING_MODEL_SUGGESTIONS } from "../../core/schema/embedding-settings";
import { useEmbeddingStore } from "../../state/embedding-store";
import { useSettingsStore } from "../../state/settings-store";

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0)} MB`;
}

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
              ? "Downloaded once from huggingface.co and kept by the browser; schema embeddings are cached too. Nothing about your database is sent."
              : `Loaded from ${embedding.folderUrl || "./models/"}${embedding.model}/ (config.json, tokenizer.json, onnx/model_quantized.onnx); the hub is never contacted.`}
          </p>
          <div className="settings-row">
            <button type="button" onClick={() => void (status.state === "failed" ? (reset(), load()) : load())} disabled={status.state === "loading"}>
              {status.state === "loading" ? "Loading model…" : status.state === "failed" ? "Retry loading the model" : "Load model"}
            </button>
            {status.state === "loading" && (
              <progress aria-label="Model download" max={1} value={status.progress ?? undefined}>
                {status.progress === null ? "" : `${Math.round(status.progress * 100)}%`}
              </progress>
            )}
            {status.state === "loading" && status.total > 0 && status.progress !== 1 && (
              <span className="muted">
                {megabytes(status.loaded)} of {megabytes(status.total)}
                {status.file ? ` (${status.file})` : ""}
              </span>
            )}
            {/* After the download, the first load still compiles onnxruntime's WASM, which can take seconds. */}
            {status.state === "loading" && status.progress === 1 && <span className="muted">Downloaded; starting the model…</span>}
          </div>
          {status.state === "ready" && (
            <p role="status" className="connection-ok">
              Model ready: {status.modelId}, {status.dimensions} dimensions, on {status.device === "webgpu" ? "WebGPU" : "WASM"} (loaded in{" "}
              {Math.round(status.loadMs)} ms).
            </p>
          )}
          {status.state === "failed" && (
            <p role="alert" className="notice error">
              {status.message} Pruning uses lexical and value matching until the model loads.
            </p>
          )}
        </>
      )}
    </section>
  );
}

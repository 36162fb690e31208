// Settings for schema pruning's embedding model: which model (or off), where it loads from, the device, and a load button with progress.
import { useMemo } from "react";
import { embeddingLanguageAdvice } from "../../core/schema/embedding-language-advice";
import { EMBEDDING_MODEL_SUGGESTIONS } from "../../core/schema/embedding-settings";
import { EmbeddingDownloadChoice, EmbeddingStatus } from "../common/embedding-status";
import { downloadSizeText, embeddingStatusText } from "../common/embedding-status-text";
import { useEmbeddingStore } from "../../state/embedding-store";
import { useSettingsStore } from "../../state/settings-store";
import { useAgentStore } from "../../state/agent-store";
import { useDatabaseStore } from "../../state/database-store";

export function EmbeddingSettingsSection() {
  const embedding = useSettingsStore((state) => state.embedding);
  const status = useEmbeddingStore((state) => state.status);
  const { updateEmbedding } = useSettingsStore.getState();
  const { load, reset } = useEmbeddingStore.getState();
  const known = EMBEDDING_MODEL_SUGGESTIONS.some((entry) => entry.id === embedding.model);
  const choice = embedding.enabled ? embedding.model : "off";
  // The question on screen and the open database's names and comments: not in English, a multilingual model is suggested.
  const question = useAgentStore((state) => state.question);
  const schema = useDatabaseStore((state) => state.schema);
  const advice = useMemo(() => embeddingLanguageAdvice({ question, schema, settings: embedding }), [question, schema, embedding]);

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
      {advice && (
        <div className="notice info" role="note" aria-label="Embedding model for this language">
          <p>
            {advice.source === "question" ? "The question is" : "This database's names and comments are"} in{" "}
            {advice.language[0]!.toUpperCase() + advice.language.slice(1)}
            {embedding.enabled ? `, and ${embedding.model} is not a multilingual model` : ""}: {advice.model} (about 100 languages, a download of{" "}
            {downloadSizeText(advice.model)}) ranks the schema by meaning in it. Names, descriptions and values are matched in any language without a model.
          </p>
          <button type="button" onClick={() => updateEmbedding({ enabled: true, model: advice.model })}>
            Use {advice.model.replace(/^.*\//, "")}
          </button>
        </div>
      )}
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

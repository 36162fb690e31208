// The embedding model's state as one line (the status line and Settings show the same words, embedding-status-text.ts),
// and the question asked before a hub model's first download.
import { HUGGING_FACE_HUB } from "../../core/schema/embedding-settings";
import { useEmbeddingStore } from "../../state/embedding-store";
import { useSettingsStore } from "../../state/settings-store";
import { downloadSizeText, embeddingStatusText } from "./embedding-status-text";
import "./embedding-status.css";

/** The live state as a line with a progress bar while loading (the status line and Settings). */
export function EmbeddingStatus({ className }: { className?: string }) {
  const status = useEmbeddingStore((state) => state.status);
  const settings = useSettingsStore((state) => state.embedding);
  const text = embeddingStatusText(status, settings);
  return (
    <span className={className} data-state={status.state}>
      {text}
      {status.state === "loading" && status.progress !== 1 && (
        <progress aria-label="Embedding model download" max={1} value={status.progress ?? undefined}>
          {status.progress === null ? "" : `${Math.round(status.progress * 100)}%`}
        </progress>
      )}
    </span>
  );
}

/**
 * Asked before the first download from the hub: what is fetched, from where, how large, that nothing of the person's
 * data is sent, and the three ways on. Shown only while the model waits for approval.
 */
export function EmbeddingDownloadChoice({ onSelfHosted }: { onSelfHosted(): void }) {
  const status = useEmbeddingStore((state) => state.status);
  const settings = useSettingsStore((state) => state.embedding);
  if (status.state !== "needs-approval") return null;
  const size = downloadSizeText(settings.model);
  return (
    <section className="embedding-choice" aria-label="Embedding model download">
      <p>
        Ranking the schema by meaning uses an embedding model that runs in this page: <strong>{settings.model}</strong> ({size}), downloaded once from{" "}
        {new URL(HUGGING_FACE_HUB).host} (the Hugging Face hub) and kept by the browser. Only the model&apos;s files are fetched; nothing of your database or
        questions is sent. Without it, the schema is ranked by names, descriptions and values.
      </p>
      <div className="settings-row">
        <button type="button" onClick={() => void useEmbeddingStore.getState().approveDownload()}>
          Download the model ({size})
        </button>
        <button type="button" onClick={() => useSettingsStore.getState().updateEmbedding({ enabled: false })}>
          Names and values only
        </button>
        <button
          type="button"
          onClick={() => {
            useSettingsStore.getState().updateEmbedding({ location: "folder" });
            onSelfHosted();
          }}
        >
          Use a self-hosted folder
        </button>
      </div>
    </section>
  );
}

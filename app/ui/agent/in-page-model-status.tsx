// The in-page model as the person sees it: whether this browser can run it, its load with a progress bar and bytes,
// and while it writes, tokens per second (and a plain word when that is slow).
import { generationSpeedText, inPageSupport, isHubLocation } from "../../core/llm/in-page-models";
import { useInPageModelStore } from "../../state/in-page-model-store";
import { useSettingsStore } from "../../state/settings-store";
import { inPageStatusText } from "./in-page-status-text";

export function InPageModelStatus() {
  const model = useSettingsStore((state) => state.llm.model);
  const status = useInPageModelStore((state) => state.status);
  const generation = useInPageModelStore((state) => state.generation);
  const baseUrl = useSettingsStore((state) => state.llm.baseUrl);
  const approved = useInPageModelStore((state) => state.approved);
  // Computed here, not in the selector: a selector returning a new object each time would re-render without end.
  const abilities = useInPageModelStore((state) => state.abilities);
  const support = abilities ? inPageSupport(abilities, model) : null;
  if (support && !support.ok) {
    return (
      <p role="alert" className="notice error in-page-status">
        {support.message}
      </p>
    );
  }
  const speed = generation && generation.tokens > 0 ? generationSpeedText(generation) : null;
  // Before the person agrees to a hub download nothing loads, with a question or without.
  const waiting = status.state === "idle" && isHubLocation(baseUrl, location.href) && !approved.includes(model);
  return (
    <div className="in-page-status" data-state={status.state}>
      <p role="status" className={status.state === "failed" ? "notice error" : "muted"}>
        {waiting ? `${model} is downloaded only once you agree (Settings, Download); nothing has been fetched.` : inPageStatusText(status, model)}
        {status.state === "loading" && status.progress !== 1 && (
          <progress aria-label="In-page model download" max={1} value={status.progress ?? undefined}>
            {status.progress === null ? "" : `${Math.round(status.progress * 100)}%`}
          </progress>
        )}
      </p>
      {support?.ok && support.note && <p className="muted">{support.note}</p>}
      {speed && (
        <p className="in-page-speed" aria-label="Generation speed">
          {generation!.generating ? "Writing: " : "Last reply: "}
          {speed.text}
        </p>
      )}
      {speed?.slow && (
        <p role="status" className="notice info">
          {speed.slow}
        </p>
      )}
    </div>
  );
}

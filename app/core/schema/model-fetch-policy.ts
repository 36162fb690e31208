// Which URLs the embed worker may fetch model files from: the chosen folder's site, or the Hugging Face hub when it is chosen.
import type { EmbeddingLoadSettings } from "./embedding-settings";

const HUB_HOSTS = [/^huggingface\.co$/, /\.huggingface\.co$/, /(^|\.)hf\.co$/];

/** True when a model-file request fits the chosen location (the same rule the page's connect-src applies). */
export function allowedModelFetch(
  url: string,
  settings: Pick<EmbeddingLoadSettings, "localModelPath" | "remoteHost" | "allowRemoteModels">,
  selfOrigin: string,
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, selfOrigin);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  for (const folder of [settings.localModelPath, settings.remoteHost]) {
    if (!folder) continue;
    try {
      if (parsed.origin === new URL(folder, selfOrigin).origin) return true;
    } catch {
      // An unparseable folder allows nothing of its own.
    }
  }
  // A folder on another site is the only remote source then; the hub only when it is the chosen location.
  return !settings.remoteHost && settings.allowRemoteModels && parsed.protocol === "https:" && HUB_HOSTS.some((host) => host.test(parsed.hostname));
}

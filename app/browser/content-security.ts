// Narrows where the page may connect to: itself, the LLM endpoints of the provider presets and local servers, the
// endpoint the person configured, and a database URL given in the address. Added at start, before any request;
// a second policy can only restrict the one in index.html further, never widen it.
// The policy itself (the meta tag of the build, the headers a host should send) is in security-headers.ts.
import { PROVIDER_PRESETS } from "../core/llm/provider-presets";
import { HUGGING_FACE_SOURCES } from "./security-headers";

/** Where the embedding model may come from: the hub, and/or a self-hosted folder (possibly on another site). */
export interface ModelSources {
  hub: boolean;
  folderUrl?: string | null;
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function allowedConnectSources(
  configuredEndpoint: string | null,
  databaseUrl: string | null,
  models: ModelSources = { hub: false },
  startFiles: readonly (string | null)[] = [],
): string[] {
  const origins = new Set<string>(["'self'", "http://localhost:*", "http://127.0.0.1:*"]);
  for (const preset of PROVIDER_PRESETS) {
    // The in-page model's Base URL is where its files come from, fetched by its own worker under the worker's policy;
    // the page itself never connects there, so the hub stays out unless it is the embedding model's location.
    if (preset.kind === "in-page") continue;
    const origin = originOf(preset.baseUrl);
    if (origin && !origin.startsWith("http://localhost")) origins.add(origin);
  }
  // Files the address names (a shared session's ?session=URL, an exercise set's ?exercises=URL) are fetched at start,
  // like a ?db= database.
  for (const url of [configuredEndpoint, databaseUrl, models.folderUrl, ...startFiles]) {
    const origin = originOf(url);
    if (origin) origins.add(origin);
  }
  // The hub and its file hosts only while the hub is the chosen model location.
  if (models.hub) for (const source of HUGGING_FACE_SOURCES) origins.add(source);
  return [...origins];
}

/** Whether a request to this URL is allowed by the policy the page started with. */
export function isConnectAllowed(url: string, allowed: string[]): boolean {
  const origin = originOf(url);
  if (!origin) return false;
  if (allowed.includes(origin) || origin === location.origin) return true;
  const { protocol, hostname } = new URL(origin);
  return protocol === "http:" && ["localhost", "127.0.0.1"].includes(hostname);
}

let applied: string[] | null = null;

export function restrictConnections(
  configuredEndpoint: string | null,
  databaseUrl: string | null,
  models: ModelSources = { hub: false },
  startFiles: readonly (string | null)[] = [],
): void {
  applied = allowedConnectSources(configuredEndpoint, databaseUrl, models, startFiles);
  const meta = document.createElement("meta");
  meta.httpEquiv = "Content-Security-Policy";
  meta.content = `connect-src ${applied.join(" ")}`;
  document.head.append(meta);
}

/** The sources allowed at start, or null when no policy was added (the dev server). */
export function connectSourcesInForce(): string[] | null {
  return applied;
}

/**
 * Raised instead of a request the page's own policy forbids: the browser would block it with an error that cannot be
 * told from a CORS failure, while the remedy is a reload (the policy is set once, at start, from the settings).
 */
export class PagePolicyError extends Error {
  constructor(readonly origin: string) {
    super(
      `This page started without ${origin} among the addresses it may connect to (its Content-Security-Policy), so the request was not sent. Reload the page to allow it; the settings are kept.`,
    );
    this.name = "PagePolicyError";
  }
}

/** A rejected promise for a request outside the policy in force, or null when it may go (or no policy was added). */
export function refuseOutsidePolicy(input: RequestInfo | URL): Promise<never> | null {
  const allowed = connectSourcesInForce();
  if (!allowed) return null;
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  if (isConnectAllowed(url, allowed)) return null;
  return Promise.reject(new PagePolicyError(originOf(url) ?? url));
}

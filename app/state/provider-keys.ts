// API keys kept per (provider, origin of the Base URL): a key typed for one endpoint is never offered to another, and the
// fetch given to the SDK refuses to send a key anywhere but the origin it was recorded for. Pure: the settings store holds
// the map and persists the remembered entries.
import * as z from "../core/zod-mini";

/** One key and where it belongs. `origin` is recorded when the key is typed; `remember` means it is kept in localStorage. */
export interface ProviderKey {
  providerId: string;
  origin: string;
  key: string;
  remember: boolean;
}

/** Keys by scope id (see scopeId). */
export type ProviderKeys = Readonly<Record<string, ProviderKey>>;

export interface KeyScope {
  providerId: string;
  origin: string;
}

/**
 * Protocol, host and port of an http(s) URL (`new URL().origin` folds case and default ports), or "" when the text is not
 * one yet, e.g. half typed. A key typed under "" is never sent: no request has that origin.
 */
export function keyOrigin(url: string): string {
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : "";
  } catch {
    return "";
  }
}

export function scopeOf(settings: { providerId: string; baseUrl: string }): KeyScope {
  return { providerId: settings.providerId, origin: keyOrigin(settings.baseUrl) };
}

/** JSON of the pair, so no provider id or origin text can make two scopes collide. */
export function scopeId(scope: KeyScope): string {
  return JSON.stringify([scope.providerId, scope.origin]);
}

export function keyFor(keys: ProviderKeys, settings: { providerId: string; baseUrl: string }): ProviderKey | undefined {
  return keys[scopeId(scopeOf(settings))];
}

/** The map with the scope's entry changed; an entry with no key and nothing to remember is dropped. */
export function withEntry(keys: ProviderKeys, scope: KeyScope, change: Partial<Pick<ProviderKey, "key" | "remember">>): ProviderKeys {
  const id = scopeId(scope);
  const before = keys[id];
  const entry: ProviderKey = {
    providerId: scope.providerId,
    origin: scope.origin,
    key: change.key ?? before?.key ?? "",
    remember: change.remember ?? before?.remember ?? false,
  };
  const next = { ...keys };
  if (entry.key === "" && !entry.remember) delete next[id];
  else next[id] = entry;
  return next;
}

const storedKeysSchema = z.array(z.object({ providerId: z.string(), origin: z.string(), key: z.string().check(z.minLength(1)) }));
export type StoredKeys = z.infer<typeof storedKeysSchema>;

/** What goes to localStorage: the remembered keys only, each with the provider and origin it was typed for. */
export function rememberedKeys(keys: ProviderKeys): StoredKeys {
  return Object.values(keys)
    .filter((entry) => entry.remember && entry.key !== "")
    .map(({ providerId, origin, key }) => ({ providerId, origin, key }));
}

/** The stored map read back; anything else (damaged text, an unknown shape) is no keys rather than a guess. */
export function parseRememberedKeys(text: string | null): ProviderKeys {
  if (text === null) return {};
  try {
    const parsed = storedKeysSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return {};
    return Object.fromEntries(parsed.data.map((entry) => [scopeId(entry), { ...entry, remember: true }]));
  } catch {
    return {};
  }
}

const savedWithSchema = z.object({ providerId: z.string(), baseUrl: z.string() });

/**
 * The single key earlier versions remembered, placed at the provider and origin it was saved with (the stored settings
 * beside it). When those settings cannot be read, where the key belongs is unknown, so it is dropped rather than guessed.
 */
export function migrateSingleKey(key: string | null, storedSettingsText: string | null): ProviderKeys {
  if (!key) return {};
  try {
    const savedWith = savedWithSchema.safeParse(JSON.parse(storedSettingsText ?? "null"));
    if (!savedWith.success) return {};
    return withEntry({}, scopeOf(savedWith.data), { key, remember: true });
  } catch {
    return {};
  }
}

/** Raised instead of sending: the request's origin is not the one the key was typed for. */
export class KeyOriginError extends Error {
  constructor(keyOrigin: string, requestOrigin: string) {
    super(`The API key typed for ${keyOrigin || "no endpoint"} was not sent to ${requestOrigin || "an unknown address"}. Check the Base URL in Settings.`);
    this.name = "KeyOriginError";
  }
}

function requestOrigin(input: RequestInfo | URL): string {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  return keyOrigin(url);
}

/**
 * The fetch handed to the SDK with a key: a request to any other origin than the key's is refused before it leaves the
 * page. Defence in depth: the key is chosen by the settings' own origin, but settings can be copied and changed (a model
 * override, a Base URL edited mid-run), and an SDK builds its own URLs.
 */
export function keyGuardedFetch(scoped: { key: string; origin: string }, fetch: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    if (scoped.key !== "") {
      const target = requestOrigin(input);
      if (scoped.origin === "" || target !== scoped.origin) return Promise.reject(new KeyOriginError(scoped.origin, target));
    }
    return fetch(input, init);
  };
}

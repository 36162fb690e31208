// Holds a worker's own requests to the places it needs, in code.
//
// Why in code as well as in a header: a worker loaded from a URL is bound by the CSP sent with its script, not by the
// page's meta tag, and many static hosts (GitHub Pages among them) cannot send headers. So each worker replaces its
// own fetch (and XMLHttpRequest.open, the fallback sql.js uses when fetch fails) with one that refuses anything
// outside its list, with an error that names the worker and the URL. The header in docs/hosting.md stays the stronger
// layer where a host can send it: it also covers WebSocket, EventSource and anything a library captured before the
// guard was installed. Neither library here uses those, and each worker installs the guard before its library first
// reads fetch (sql.js looks it up at each call; transformers.js is imported lazily, after it).

export interface GuardedScope {
  fetch: typeof fetch;
  location: { href: string };
  XMLHttpRequest?: { prototype: Pick<XMLHttpRequest, "open"> };
}

/** Why a request was refused: the worker's name and what it may reach, for the message. */
export interface FetchLimit {
  worker: string;
  allows: string;
  allowed: (url: URL) => boolean;
}

function requestUrl(input: RequestInfo | URL): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}

/** The URL when the limit allows it; otherwise a TypeError (what fetch rejects with for a network refusal). */
function checked(limit: FetchLimit, raw: string, base: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new TypeError(`The ${limit.worker} refused a request to "${raw}": not a URL.`);
  }
  if (!limit.allowed(url)) throw new TypeError(`The ${limit.worker} refused a request to ${url.href}: it may only reach ${limit.allows}.`);
  return url;
}

export function limitRequests(scope: GuardedScope, limit: FetchLimit): void {
  const original = scope.fetch.bind(scope);
  scope.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    try {
      checked(limit, requestUrl(input), scope.location.href);
    } catch (error) {
      return Promise.reject(error);
    }
    return original(input, init);
  };
  const xhr = scope.XMLHttpRequest?.prototype;
  if (xhr) {
    const open = xhr.open as (this: XMLHttpRequest, ...args: unknown[]) => void;
    xhr.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      checked(limit, String(args[1]), scope.location.href);
      open.apply(this, args);
    } as XMLHttpRequest["open"];
  }
}

/**
 * Takes EventSource and WebSocket away from a worker that needs neither and whose header CSP allows more sites than
 * its guard (the SQLite worker's header allows http(s), since a database read on demand may be on any host): the
 * guard checks fetch and XMLHttpRequest one URL at a time, and these two would be a way around it.
 */
export function withoutUnguardedChannels(scope: object, worker: string): void {
  for (const name of ["EventSource", "WebSocket"]) {
    if (!(name in scope)) continue;
    const refused = function () {
      throw new TypeError(`The ${worker} has no ${name}: it reaches the network only through its request guard.`);
    };
    Object.defineProperty(scope, name, { value: refused, writable: false, configurable: false });
  }
}

// Where a shared session is in the page's address: `#session=…` (the session itself, compressed, in the fragment, which
// no server sees) or `?session=URL` (a session file hosted somewhere); and the link that carries one. No DOM: pure
// functions of URLs, so the entry can check an address without loading the session code.

export type SessionInAddress = { kind: "link"; payload: string } | { kind: "file"; url: string };

const FRAGMENT_PREFIX = "#session=";

export function sessionInAddress(address: URL): SessionInAddress | null {
  if (address.hash.startsWith(FRAGMENT_PREFIX)) return { kind: "link", payload: address.hash.slice(FRAGMENT_PREFIX.length) };
  const url = address.searchParams.get("session")?.trim();
  return url ? { kind: "file", url: new URL(url, address).href } : null;
}

/** The link: the app's address (which may name the database: ?sample= or ?db=) with the session in its fragment. */
export function sessionLink(appAddress: string, payload: string): string {
  const address = new URL(appAddress);
  address.hash = "";
  return `${address.href}${FRAGMENT_PREFIX}${payload}`;
}

/** The address that opens a hosted session file: the app's address with `session=` and a placeholder for the file's URL. */
export function sessionFileAddress(appAddress: string, fileUrl: string): string {
  const address = new URL(appAddress);
  address.hash = "";
  address.searchParams.set("session", fileUrl);
  return address.href;
}

/** The address without its session: once opened, a reload should not open it again over the person's work. */
export function withoutSession(address: URL): URL {
  const cleaned = new URL(address.href);
  if (cleaned.hash.startsWith(FRAGMENT_PREFIX)) cleaned.hash = "";
  cleaned.searchParams.delete("session");
  return cleaned;
}

// Downloads a database from a URL given in the address (?db=…), with errors a person can act on.
export interface FetchedFile {
  name: string;
  bytes: Uint8Array;
}

export function fileNameFromUrl(url: string): string {
  try {
    const path = new URL(url, location.href).pathname;
    const last = decodeURIComponent(path.split("/").filter(Boolean).pop() ?? "");
    return last || "database.sqlite";
  } catch {
    return "database.sqlite";
  }
}

export async function fetchDatabase(url: string): Promise<FetchedFile> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    // fetch hides the cause (network down, DNS, CORS) from the page on purpose; name the usual suspects.
    throw new Error(`Could not download ${url}. The address may be wrong or offline, or the server does not allow other sites to read it (CORS).`);
  }
  if (!response.ok) {
    throw new Error(`Could not download ${url}: the server answered ${response.status} ${response.statusText}.`.replace(/ \./, "."));
  }
  return { name: fileNameFromUrl(url), bytes: new Uint8Array(await response.arrayBuffer()) };
}

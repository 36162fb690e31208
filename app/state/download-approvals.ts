// Hub models the person agreed to download, kept in localStorage under a key per kind of model (embedding, in-page
// chat model), so the question is asked once per model, not per visit.

export function readApprovedDownloads(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
  } catch {
    return [];
  }
}

export function saveApprovedDownloads(key: string, approved: readonly string[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(approved));
  } catch {
    // Approved for this page only; asked again after a reload.
  }
}

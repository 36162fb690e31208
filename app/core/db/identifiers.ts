// Quoting SQLite identifiers, for SQL the app writes itself.
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Plain names stay readable in SQL shown to a person; anything else is quoted. */
export function quoteIdentifierIfNeeded(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : quoteIdentifier(name);
}

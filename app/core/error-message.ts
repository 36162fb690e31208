// The text of anything thrown: an Error's message, else the value as a string. One helper instead of a copy per module.
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

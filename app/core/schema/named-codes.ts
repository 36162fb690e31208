// Codes a column may store and the names a question gives them (country codes, US state codes), for value matching.
import type { Language } from "./language";

export interface NamedCodes {
  /** Whether a stored value is one of these codes. */
  isCode(value: string): boolean;
  /** The names a question in this language may give the code. */
  names(code: string, language: Language | null): string[];
  /** More distinct codes than exist: a column past this many is not tallied further. */
  maxCodes: number;
}

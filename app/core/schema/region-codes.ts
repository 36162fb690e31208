// Country and region codes as databases store them (ISO 3166-1 alpha-2: 'CH', 'AT', 'ES') and the names questions use for
// them ("Schweiz", "Österreich", "Spain"), from the runtime's own CLDR data (Intl.DisplayNames): no list shipped, every
// language the browser or Node knows.
import type { Language } from "./language";
import type { NamedCodes } from "./named-codes";

/** BCP 47 tags of the languages pruning tells apart (language.ts), for asking CLDR for region names in them. */
const LANGUAGE_TAGS: Record<Language, string> = {
  english: "en",
  german: "de",
  dutch: "nl",
  french: "fr",
  spanish: "es",
  italian: "it",
  portuguese: "pt",
  swedish: "sv",
  danish: "da",
  norwegian: "nb",
  finnish: "fi",
};

const ALPHA_2 = /^[A-Z]{2}$/;
/**
 * Codes CLDR names that ISO 3166-1 does not assign to a country (reserved or user-assigned: 'UN', 'EU', 'ZZ'…):
 * a column of short codes holding them ('UN' for unpaid, 'EU') is a column of something else.
 */
const NOT_COUNTRIES = new Set(["AC", "CP", "DG", "EA", "EU", "EZ", "IC", "QO", "TA", "UN", "XA", "XB", "ZZ"]);

const displayNames = new Map<string, Intl.DisplayNames | null>();

function regionNamesIn(tag: string): Intl.DisplayNames | null {
  let names = displayNames.get(tag);
  if (names === undefined) {
    // A runtime without Intl.DisplayNames (or without this locale's data) simply has no names: codes stay codes.
    try {
      names = typeof Intl.DisplayNames === "function" ? new Intl.DisplayNames([tag], { type: "region", fallback: "none" }) : null;
    } catch {
      names = null;
    }
    displayNames.set(tag, names);
  }
  return names;
}

/** Whether a stored value is a country code CLDR knows ('CH', 'US'); 'GK', 'TX' or 'UN' are not. */
export function isRegionCode(value: string): boolean {
  return ALPHA_2.test(value) && !NOT_COUNTRIES.has(value) && regionName(value, "en") !== undefined;
}

function regionName(code: string, tag: string): string | undefined {
  try {
    return regionNamesIn(tag)?.of(code) ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The names a question may give a region code: in the question's language and in English (questions and data
 * mix them), e.g. 'CH' → "Schweiz", "Switzerland" for a German question. Duplicates dropped.
 */
export function regionNames(code: string, language: Language | null): string[] {
  const tags = new Set(["en", language ? LANGUAGE_TAGS[language] : "en"]);
  const names = new Set<string>();
  for (const tag of tags) {
    const name = regionName(code, tag);
    if (name) names.add(name);
  }
  return [...names];
}

/** Country codes for value matching: a column of them is named by country names (at most the world's, about 250). */
export const COUNTRY_CODES: NamedCodes = { isCode: isRegionCode, names: regionNames, maxCodes: 300 };

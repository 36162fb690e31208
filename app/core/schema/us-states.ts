// US state codes as databases store them ('TX', 'OR') and the names questions use ("Texas", "Oregon"): the 50 states and
// the District of Columbia (USPS codes). A fixed list is the data itself, not tuning; CLDR (region-codes.ts) names
// countries only, not subdivisions.
import type { NamedCodes } from "./named-codes";

const STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** Whether a stored value is a US state's postal code ('TX', 'DC'); 'tx' or 'XX' are not. */
export function isUsStateCode(value: string): boolean {
  return value.length === 2 && Object.hasOwn(STATES, value);
}

/** The name a question gives a state code, in English whatever the question's language (state names rarely translate). */
export function usStateNames(code: string): string[] {
  const name = Object.hasOwn(STATES, code) ? STATES[code] : undefined;
  return name ? [name] : [];
}

export const US_STATE_CODES: NamedCodes = { isCode: isUsStateCode, names: usStateNames, maxCodes: 60 };

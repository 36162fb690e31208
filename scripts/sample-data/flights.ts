// Fictional airlines and common aircraft types for the flights sample.
// The tables are laid out by hand, several entries or one record a line; prettier-ignore keeps Prettier from
// putting one entry a line, which would make them several times longer and harder to scan.

export interface AirlineSpec {
  readonly name: string;
  /** Two-character designator; invented, so it may clash with a real one. */
  readonly code: string;
  readonly country: string;
  readonly hub: string;
  readonly foundedYear: number;
  /** Alliance membership; null for an unaligned airline. */
  readonly alliance: string | null;
  /** Destinations in the hub's own region (North America, Europe, or the rest of the world). */
  readonly nearDestinations: number;
  /** Destinations in other regions. */
  readonly farDestinations: number;
  /** Multiplies the chance of delays and cancellations; above 1 is less punctual. */
  readonly unreliability: number;
  readonly narrowbodyModels: readonly string[];
  readonly widebodyModels: readonly string[];
}

// prettier-ignore
export const AIRLINES: readonly AirlineSpec[] = [
  { name: "Northstar Airways", code: "NX", country: "United States", hub: "ORD", foundedYear: 1962, alliance: "Skybridge Alliance", nearDestinations: 4, farDestinations: 2, unreliability: 1.1, narrowbodyModels: ["Boeing 737-800", "Embraer E175"], widebodyModels: ["Boeing 787-9"] },
  { name: "Bluebird Air", code: "BQ", country: "United States", hub: "DEN", foundedYear: 2004, alliance: null, nearDestinations: 7, farDestinations: 0, unreliability: 1.35, narrowbodyModels: ["Airbus A320neo", "Airbus A321neo"], widebodyModels: [] },
  { name: "Pacific Crest Airlines", code: "PQ", country: "United States", hub: "SEA", foundedYear: 1981, alliance: "Horizon Group", nearDestinations: 4, farDestinations: 2, unreliability: 0.85, narrowbodyModels: ["Boeing 737 MAX 8", "Embraer E175"], widebodyModels: ["Boeing 787-9"] },
  { name: "Atlantic Skyways", code: "AQ", country: "United States", hub: "JFK", foundedYear: 1975, alliance: "Skybridge Alliance", nearDestinations: 3, farDestinations: 3, unreliability: 1.2, narrowbodyModels: ["Airbus A321neo", "Airbus A320neo"], widebodyModels: ["Airbus A330-300", "Boeing 777-300ER"] },
  { name: "Borealis Air", code: "BZ", country: "Canada", hub: "YYZ", foundedYear: 1990, alliance: "Horizon Group", nearDestinations: 3, farDestinations: 2, unreliability: 1.0, narrowbodyModels: ["Airbus A220-300", "Boeing 737 MAX 8"], widebodyModels: ["Boeing 787-9"] },
  { name: "Albion Airways", code: "ZB", country: "United Kingdom", hub: "LHR", foundedYear: 1958, alliance: "Skybridge Alliance", nearDestinations: 3, farDestinations: 3, unreliability: 1.05, narrowbodyModels: ["Airbus A320neo", "Airbus A321neo"], widebodyModels: ["Boeing 777-300ER", "Airbus A350-900"] },
  { name: "Europa Connect", code: "EQ", country: "Germany", hub: "FRA", foundedYear: 1999, alliance: "Horizon Group", nearDestinations: 4, farDestinations: 2, unreliability: 0.95, narrowbodyModels: ["Airbus A320neo", "Airbus A220-300"], widebodyModels: ["Airbus A350-900"] },
  { name: "Meridian Gulf Airways", code: "GX", country: "United Arab Emirates", hub: "DXB", foundedYear: 2001, alliance: null, nearDestinations: 2, farDestinations: 4, unreliability: 0.75, narrowbodyModels: ["Boeing 737 MAX 8"], widebodyModels: ["Boeing 777-300ER", "Airbus A350-900"] },
  { name: "Lotus Pacific Airlines", code: "LQ", country: "Singapore", hub: "SIN", foundedYear: 1972, alliance: "Horizon Group", nearDestinations: 3, farDestinations: 3, unreliability: 0.7, narrowbodyModels: ["Airbus A321neo"], widebodyModels: ["Airbus A350-900", "Boeing 787-9"] },
];

/** Typical seat counts of common aircraft types. */
// prettier-ignore
export const AIRCRAFT_SEATS: Readonly<Record<string, number>> = {
  "Embraer E175": 76,
  "Airbus A220-300": 137,
  "Boeing 737-800": 172,
  "Boeing 737 MAX 8": 178,
  "Airbus A320neo": 180,
  "Airbus A321neo": 196,
  "Boeing 787-9": 290,
  "Airbus A330-300": 290,
  "Airbus A350-900": 315,
  "Boeing 777-300ER": 350,
};

/** How each country's aircraft registrations look, e.g. N412NX or G-ABCD. */
// prettier-ignore
export const REGISTRATION_PREFIXES: Readonly<Record<string, string>> = {
  "United States": "N",
  Canada: "C-F",
  "United Kingdom": "G-",
  Germany: "D-A",
  "United Arab Emirates": "A6-",
  Singapore: "9V-",
};

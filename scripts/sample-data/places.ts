// Word lists of places (US cities, Oregon towns, airports) written for the sample database generator.
// The tables are laid out by hand, several entries or one record a line; prettier-ignore keeps Prettier from
// putting one entry a line, which would make them several times longer and harder to scan.

export interface City {
  readonly city: string;
  readonly state: string;
  /** Relative share of customers living there; larger cities get more. */
  readonly weight: number;
}

/** US cities with their state code; the weights give the customer base a realistic skew. */
// prettier-ignore
export const US_CITIES: readonly City[] = [
  { city: "New York", state: "NY", weight: 60 },
  { city: "Los Angeles", state: "CA", weight: 40 },
  { city: "Chicago", state: "IL", weight: 30 },
  { city: "Houston", state: "TX", weight: 22 },
  { city: "Phoenix", state: "AZ", weight: 16 },
  { city: "Philadelphia", state: "PA", weight: 16 },
  { city: "San Antonio", state: "TX", weight: 12 },
  { city: "San Diego", state: "CA", weight: 13 },
  { city: "Dallas", state: "TX", weight: 13 },
  { city: "Austin", state: "TX", weight: 12 },
  { city: "San Jose", state: "CA", weight: 9 },
  { city: "Seattle", state: "WA", weight: 24 },
  { city: "Portland", state: "OR", weight: 34 },
  { city: "Denver", state: "CO", weight: 12 },
  { city: "Boston", state: "MA", weight: 20 },
  { city: "Nashville", state: "TN", weight: 8 },
  { city: "Atlanta", state: "GA", weight: 10 },
  { city: "Miami", state: "FL", weight: 9 },
  { city: "Minneapolis", state: "MN", weight: 10 },
  { city: "San Francisco", state: "CA", weight: 18 },
  { city: "Sacramento", state: "CA", weight: 6 },
  { city: "Salt Lake City", state: "UT", weight: 5 },
  { city: "Pittsburgh", state: "PA", weight: 6 },
  { city: "Baltimore", state: "MD", weight: 6 },
  { city: "Madison", state: "WI", weight: 5 },
  { city: "Ann Arbor", state: "MI", weight: 5 },
  { city: "Detroit", state: "MI", weight: 5 },
  { city: "Cleveland", state: "OH", weight: 4 },
  { city: "Columbus", state: "OH", weight: 6 },
  { city: "Raleigh", state: "NC", weight: 5 },
  { city: "Charlotte", state: "NC", weight: 5 },
  { city: "Kansas City", state: "MO", weight: 4 },
  { city: "St. Louis", state: "MO", weight: 4 },
  { city: "New Orleans", state: "LA", weight: 4 },
  { city: "Albuquerque", state: "NM", weight: 3 },
  { city: "Tucson", state: "AZ", weight: 3 },
  { city: "Boise", state: "ID", weight: 3 },
  { city: "Spokane", state: "WA", weight: 4 },
  { city: "Eugene", state: "OR", weight: 8 },
  { city: "Salem", state: "OR", weight: 6 },
  { city: "Bend", state: "OR", weight: 4 },
  { city: "Tacoma", state: "WA", weight: 5 },
  { city: "Burlington", state: "VT", weight: 2 },
  { city: "Portland", state: "ME", weight: 3 },
  { city: "Providence", state: "RI", weight: 3 },
];

/** One telephone area code per state, for plausible phone numbers. */
// prettier-ignore
export const STATE_AREA_CODES: Readonly<Record<string, string>> = {
  NY: "212", CA: "415", IL: "312", TX: "512", AZ: "602", PA: "215", WA: "206", OR: "503", CO: "303", MA: "617",
  TN: "615", GA: "404", FL: "305", MN: "612", UT: "801", MD: "410", WI: "608", MI: "734", OH: "614", NC: "919",
  MO: "816", LA: "504", NM: "505", ID: "208", VT: "802", ME: "207", RI: "401",
};

/** Towns a regional clinic in the Portland, Oregon area draws its patients from. */
// prettier-ignore
export const CLINIC_TOWNS: readonly { readonly city: string; readonly weight: number }[] = [
  { city: "Portland", weight: 40 },
  { city: "Beaverton", weight: 12 },
  { city: "Gresham", weight: 10 },
  { city: "Hillsboro", weight: 10 },
  { city: "Lake Oswego", weight: 6 },
  { city: "Tigard", weight: 7 },
  { city: "Milwaukie", weight: 5 },
  { city: "Oregon City", weight: 5 },
  { city: "Tualatin", weight: 4 },
  { city: "West Linn", weight: 3 },
  { city: "Happy Valley", weight: 3 },
  { city: "Sherwood", weight: 2 },
  { city: "Forest Grove", weight: 2 },
  { city: "Vancouver", weight: 6 },
];

export interface Airport {
  readonly code: string;
  readonly name: string;
  readonly city: string;
  /** State or province code; empty where addresses in that country do not use one. */
  readonly region: string;
  readonly country: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly timezone: string;
  /** Offset from UTC in January, to turn local schedule times into UTC (the sample covers January to March). */
  readonly januaryUtcOffsetHours: number;
  /** Relative size, used to weight how many routes touch it. */
  readonly size: number;
}

/** Well-known public facts about real airports: IATA code, name, city, rounded coordinates, time zone. */
// prettier-ignore
export const AIRPORTS: readonly Airport[] = [
  { code: "ATL", name: "Hartsfield-Jackson Atlanta International Airport", city: "Atlanta", region: "GA", country: "United States", latitude: 33.64, longitude: -84.43, timezone: "America/New_York", januaryUtcOffsetHours: -5, size: 10 },
  { code: "LAX", name: "Los Angeles International Airport", city: "Los Angeles", region: "CA", country: "United States", latitude: 33.94, longitude: -118.41, timezone: "America/Los_Angeles", januaryUtcOffsetHours: -8, size: 10 },
  { code: "ORD", name: "O'Hare International Airport", city: "Chicago", region: "IL", country: "United States", latitude: 41.98, longitude: -87.9, timezone: "America/Chicago", januaryUtcOffsetHours: -6, size: 9 },
  { code: "DFW", name: "Dallas Fort Worth International Airport", city: "Dallas", region: "TX", country: "United States", latitude: 32.9, longitude: -97.04, timezone: "America/Chicago", januaryUtcOffsetHours: -6, size: 8 },
  { code: "DEN", name: "Denver International Airport", city: "Denver", region: "CO", country: "United States", latitude: 39.86, longitude: -104.67, timezone: "America/Denver", januaryUtcOffsetHours: -7, size: 8 },
  { code: "JFK", name: "John F. Kennedy International Airport", city: "New York", region: "NY", country: "United States", latitude: 40.64, longitude: -73.78, timezone: "America/New_York", januaryUtcOffsetHours: -5, size: 10 },
  { code: "SFO", name: "San Francisco International Airport", city: "San Francisco", region: "CA", country: "United States", latitude: 37.62, longitude: -122.38, timezone: "America/Los_Angeles", januaryUtcOffsetHours: -8, size: 8 },
  { code: "SEA", name: "Seattle-Tacoma International Airport", city: "Seattle", region: "WA", country: "United States", latitude: 47.45, longitude: -122.31, timezone: "America/Los_Angeles", januaryUtcOffsetHours: -8, size: 7 },
  { code: "MIA", name: "Miami International Airport", city: "Miami", region: "FL", country: "United States", latitude: 25.79, longitude: -80.29, timezone: "America/New_York", januaryUtcOffsetHours: -5, size: 7 },
  { code: "BOS", name: "Boston Logan International Airport", city: "Boston", region: "MA", country: "United States", latitude: 42.36, longitude: -71.01, timezone: "America/New_York", januaryUtcOffsetHours: -5, size: 7 },
  { code: "PHX", name: "Phoenix Sky Harbor International Airport", city: "Phoenix", region: "AZ", country: "United States", latitude: 33.43, longitude: -112.01, timezone: "America/Phoenix", januaryUtcOffsetHours: -7, size: 5 },
  { code: "LAS", name: "Harry Reid International Airport", city: "Las Vegas", region: "NV", country: "United States", latitude: 36.08, longitude: -115.15, timezone: "America/Los_Angeles", januaryUtcOffsetHours: -8, size: 5 },
  { code: "MSP", name: "Minneapolis-Saint Paul International Airport", city: "Minneapolis", region: "MN", country: "United States", latitude: 44.88, longitude: -93.22, timezone: "America/Chicago", januaryUtcOffsetHours: -6, size: 5 },
  { code: "IAH", name: "George Bush Intercontinental Airport", city: "Houston", region: "TX", country: "United States", latitude: 29.98, longitude: -95.34, timezone: "America/Chicago", januaryUtcOffsetHours: -6, size: 6 },
  { code: "PDX", name: "Portland International Airport", city: "Portland", region: "OR", country: "United States", latitude: 45.59, longitude: -122.6, timezone: "America/Los_Angeles", januaryUtcOffsetHours: -8, size: 4 },
  { code: "YYZ", name: "Toronto Pearson International Airport", city: "Toronto", region: "ON", country: "Canada", latitude: 43.68, longitude: -79.63, timezone: "America/Toronto", januaryUtcOffsetHours: -5, size: 7 },
  { code: "YVR", name: "Vancouver International Airport", city: "Vancouver", region: "BC", country: "Canada", latitude: 49.19, longitude: -123.18, timezone: "America/Vancouver", januaryUtcOffsetHours: -8, size: 5 },
  { code: "MEX", name: "Mexico City International Airport", city: "Mexico City", region: "", country: "Mexico", latitude: 19.44, longitude: -99.07, timezone: "America/Mexico_City", januaryUtcOffsetHours: -6, size: 6 },
  { code: "LHR", name: "London Heathrow Airport", city: "London", region: "", country: "United Kingdom", latitude: 51.47, longitude: -0.45, timezone: "Europe/London", januaryUtcOffsetHours: 0, size: 10 },
  { code: "LGW", name: "London Gatwick Airport", city: "London", region: "", country: "United Kingdom", latitude: 51.15, longitude: -0.19, timezone: "Europe/London", januaryUtcOffsetHours: 0, size: 5 },
  { code: "DUB", name: "Dublin Airport", city: "Dublin", region: "", country: "Ireland", latitude: 53.42, longitude: -6.27, timezone: "Europe/Dublin", januaryUtcOffsetHours: 0, size: 5 },
  { code: "CDG", name: "Paris Charles de Gaulle Airport", city: "Paris", region: "", country: "France", latitude: 49.01, longitude: 2.55, timezone: "Europe/Paris", januaryUtcOffsetHours: 1, size: 9 },
  { code: "AMS", name: "Amsterdam Airport Schiphol", city: "Amsterdam", region: "", country: "Netherlands", latitude: 52.31, longitude: 4.76, timezone: "Europe/Amsterdam", januaryUtcOffsetHours: 1, size: 8 },
  { code: "FRA", name: "Frankfurt Airport", city: "Frankfurt", region: "", country: "Germany", latitude: 50.04, longitude: 8.56, timezone: "Europe/Berlin", januaryUtcOffsetHours: 1, size: 8 },
  { code: "MUC", name: "Munich Airport", city: "Munich", region: "", country: "Germany", latitude: 48.35, longitude: 11.79, timezone: "Europe/Berlin", januaryUtcOffsetHours: 1, size: 6 },
  { code: "ZRH", name: "Zurich Airport", city: "Zurich", region: "", country: "Switzerland", latitude: 47.46, longitude: 8.55, timezone: "Europe/Zurich", januaryUtcOffsetHours: 1, size: 5 },
  { code: "MAD", name: "Adolfo Suárez Madrid-Barajas Airport", city: "Madrid", region: "", country: "Spain", latitude: 40.49, longitude: -3.57, timezone: "Europe/Madrid", januaryUtcOffsetHours: 1, size: 7 },
  { code: "BCN", name: "Josep Tarradellas Barcelona-El Prat Airport", city: "Barcelona", region: "", country: "Spain", latitude: 41.3, longitude: 2.08, timezone: "Europe/Madrid", januaryUtcOffsetHours: 1, size: 6 },
  { code: "FCO", name: "Rome Fiumicino Airport", city: "Rome", region: "", country: "Italy", latitude: 41.8, longitude: 12.25, timezone: "Europe/Rome", januaryUtcOffsetHours: 1, size: 6 },
  { code: "CPH", name: "Copenhagen Airport", city: "Copenhagen", region: "", country: "Denmark", latitude: 55.62, longitude: 12.66, timezone: "Europe/Copenhagen", januaryUtcOffsetHours: 1, size: 5 },
  { code: "IST", name: "Istanbul Airport", city: "Istanbul", region: "", country: "Turkey", latitude: 41.26, longitude: 28.74, timezone: "Europe/Istanbul", januaryUtcOffsetHours: 3, size: 7 },
  { code: "DXB", name: "Dubai International Airport", city: "Dubai", region: "", country: "United Arab Emirates", latitude: 25.25, longitude: 55.36, timezone: "Asia/Dubai", januaryUtcOffsetHours: 4, size: 8 },
  { code: "DEL", name: "Indira Gandhi International Airport", city: "Delhi", region: "", country: "India", latitude: 28.56, longitude: 77.1, timezone: "Asia/Kolkata", januaryUtcOffsetHours: 5.5, size: 6 },
  { code: "SIN", name: "Singapore Changi Airport", city: "Singapore", region: "", country: "Singapore", latitude: 1.36, longitude: 103.99, timezone: "Asia/Singapore", januaryUtcOffsetHours: 8, size: 7 },
  { code: "HND", name: "Tokyo Haneda Airport", city: "Tokyo", region: "", country: "Japan", latitude: 35.55, longitude: 139.78, timezone: "Asia/Tokyo", januaryUtcOffsetHours: 9, size: 7 },
  { code: "ICN", name: "Incheon International Airport", city: "Seoul", region: "", country: "South Korea", latitude: 37.46, longitude: 126.44, timezone: "Asia/Seoul", januaryUtcOffsetHours: 9, size: 6 },
  { code: "SYD", name: "Sydney Kingsford Smith Airport", city: "Sydney", region: "NSW", country: "Australia", latitude: -33.95, longitude: 151.18, timezone: "Australia/Sydney", januaryUtcOffsetHours: 11, size: 6 },
  { code: "AKL", name: "Auckland Airport", city: "Auckland", region: "", country: "New Zealand", latitude: -37.01, longitude: 174.79, timezone: "Pacific/Auckland", januaryUtcOffsetHours: 13, size: 4 },
  { code: "GRU", name: "São Paulo/Guarulhos International Airport", city: "São Paulo", region: "SP", country: "Brazil", latitude: -23.43, longitude: -46.47, timezone: "America/Sao_Paulo", januaryUtcOffsetHours: -3, size: 6 },
  { code: "JNB", name: "O. R. Tambo International Airport", city: "Johannesburg", region: "", country: "South Africa", latitude: -26.14, longitude: 28.25, timezone: "Africa/Johannesburg", januaryUtcOffsetHours: 2, size: 4 },
];

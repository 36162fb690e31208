// Reference tables several domains of the warehouse share: countries by ISO code and US states by postal code.
// Codes are stored, names are what people say: a question about "Spain" must find 'ES', one about "Oregon" 'OR'.
import type { Database } from "sql.js";
import { insertRows } from "../../sample-data/sample-kit";

/** [iso2, name, region, currency]. 'AN' (Netherlands Antilles) was dissolved in 2010 but old records still carry it. */
// prettier-ignore
export const COUNTRIES: readonly (readonly [string, string, string, string])[] = [
  ["US", "United States", "North America", "USD"], ["CA", "Canada", "North America", "CAD"], ["MX", "Mexico", "North America", "MXN"],
  ["BR", "Brazil", "South America", "BRL"], ["AR", "Argentina", "South America", "ARS"], ["CO", "Colombia", "South America", "COP"],
  ["GB", "United Kingdom", "Europe", "GBP"], ["IE", "Ireland", "Europe", "EUR"], ["FR", "France", "Europe", "EUR"],
  ["DE", "Germany", "Europe", "EUR"], ["ES", "Spain", "Europe", "EUR"], ["IT", "Italy", "Europe", "EUR"],
  ["PT", "Portugal", "Europe", "EUR"], ["NL", "Netherlands", "Europe", "EUR"], ["BE", "Belgium", "Europe", "EUR"],
  ["AT", "Austria", "Europe", "EUR"], ["CH", "Switzerland", "Europe", "CHF"], ["SE", "Sweden", "Europe", "SEK"],
  ["NO", "Norway", "Europe", "NOK"], ["DK", "Denmark", "Europe", "DKK"], ["FI", "Finland", "Europe", "EUR"],
  ["IS", "Iceland", "Europe", "ISK"], ["PL", "Poland", "Europe", "PLN"], ["CZ", "Czechia", "Europe", "CZK"],
  ["GR", "Greece", "Europe", "EUR"], ["HR", "Croatia", "Europe", "EUR"], ["TR", "Turkey", "Asia", "TRY"],
  ["JP", "Japan", "Asia", "JPY"], ["KR", "South Korea", "Asia", "KRW"], ["CN", "China", "Asia", "CNY"],
  ["IN", "India", "Asia", "INR"], ["AU", "Australia", "Oceania", "AUD"], ["NZ", "New Zealand", "Oceania", "NZD"],
  ["ZA", "South Africa", "Africa", "ZAR"], ["NG", "Nigeria", "Africa", "NGN"], ["GH", "Ghana", "Africa", "GHS"],
  ["SN", "Senegal", "Africa", "XOF"], ["MA", "Morocco", "Africa", "MAD"], ["EG", "Egypt", "Africa", "EGP"],
  ["AN", "Netherlands Antilles", "North America", "ANG"], ["DO", "Dominican Republic", "North America", "DOP"],
  ["UY", "Uruguay", "South America", "UYU"],
];

/** [postal code, name, census region]: all fifty states and DC. */
// prettier-ignore
export const US_STATES: readonly (readonly [string, string, string])[] = [
  ["AL", "Alabama", "South"], ["AK", "Alaska", "West"], ["AZ", "Arizona", "West"], ["AR", "Arkansas", "South"],
  ["CA", "California", "West"], ["CO", "Colorado", "West"], ["CT", "Connecticut", "Northeast"], ["DE", "Delaware", "South"],
  ["DC", "District of Columbia", "South"], ["FL", "Florida", "South"], ["GA", "Georgia", "South"], ["HI", "Hawaii", "West"],
  ["ID", "Idaho", "West"], ["IL", "Illinois", "Midwest"], ["IN", "Indiana", "Midwest"], ["IA", "Iowa", "Midwest"],
  ["KS", "Kansas", "Midwest"], ["KY", "Kentucky", "South"], ["LA", "Louisiana", "South"], ["ME", "Maine", "Northeast"],
  ["MD", "Maryland", "South"], ["MA", "Massachusetts", "Northeast"], ["MI", "Michigan", "Midwest"], ["MN", "Minnesota", "Midwest"],
  ["MS", "Mississippi", "South"], ["MO", "Missouri", "Midwest"], ["MT", "Montana", "West"], ["NE", "Nebraska", "Midwest"],
  ["NV", "Nevada", "West"], ["NH", "New Hampshire", "Northeast"], ["NJ", "New Jersey", "Northeast"], ["NM", "New Mexico", "West"],
  ["NY", "New York", "Northeast"], ["NC", "North Carolina", "South"], ["ND", "North Dakota", "Midwest"], ["OH", "Ohio", "Midwest"],
  ["OK", "Oklahoma", "South"], ["OR", "Oregon", "West"], ["PA", "Pennsylvania", "Northeast"], ["RI", "Rhode Island", "Northeast"],
  ["SC", "South Carolina", "South"], ["SD", "South Dakota", "Midwest"], ["TN", "Tennessee", "South"], ["TX", "Texas", "South"],
  ["UT", "Utah", "West"], ["VT", "Vermont", "Northeast"], ["VA", "Virginia", "South"], ["WA", "Washington", "West"],
  ["WV", "West Virginia", "South"], ["WI", "Wisconsin", "Midwest"], ["WY", "Wyoming", "West"],
];

export function buildReferenceTables(db: Database): void {
  db.run(`CREATE TABLE countries (
  iso2 TEXT PRIMARY KEY, -- ISO 3166-1 alpha-2 code, e.g. 'ES'
  country_name TEXT NOT NULL, -- English short name
  region TEXT NOT NULL, -- Continent or world region
  currency_cd TEXT NOT NULL
)`);
  insertRows(db, "countries", ["iso2", "country_name", "region", "currency_cd"], COUNTRIES);
  db.run(`CREATE TABLE us_states (
  state_code TEXT PRIMARY KEY, -- USPS two-letter code, e.g. 'OR'
  state_name TEXT NOT NULL,
  census_region TEXT NOT NULL -- 'Northeast', 'Midwest', 'South' or 'West'
)`);
  insertRows(db, "us_states", ["state_code", "state_name", "census_region"], US_STATES);
}

// The real-estate domain: agencies and agents, properties with their features, listings, sales, open houses and rental leases.
import type { Database } from "sql.js";
import { FIRST_NAMES, LAST_NAMES } from "../../sample-data/people";
import { dayOf, insertRows, isoDate, type Random, type Row } from "../../sample-data/sample-kit";
import { around, personName, type WarehouseDomain } from "./domain";

/** [city, state, zip prefix, price level]. */
// prettier-ignore
const CITIES: readonly (readonly [string, string, string, number])[] = [
  ["Portland", "OR", "972", 1.1], ["Eugene", "OR", "974", 0.85], ["Bend", "OR", "977", 1.2], ["Indianapolis", "IN", "462", 0.6],
  ["Bloomington", "IN", "474", 0.65], ["Portland", "ME", "041", 1.0], ["Bangor", "ME", "044", 0.55], ["Columbus", "OH", "432", 0.7],
  ["Honolulu", "HI", "968", 2.0], ["Tulsa", "OK", "741", 0.55], ["Seattle", "WA", "981", 1.8], ["Austin", "TX", "787", 1.3],
];
const AGENCY_WORDS = [
  "Keystone",
  "Harbor",
  "Summit",
  "Evergreen",
  "Blue Door",
  "Crossroads",
  "Heritage",
  "Lighthouse",
  "Northstar",
  "Cornerstone",
  "Willow",
  "Pioneer",
  "Oakline",
  "Riverbend",
];
const PROPERTY_TYPES: readonly (readonly [string, number])[] = [
  ["SFH", 50],
  ["CONDO", 22],
  ["TH", 14],
  ["MF", 7],
  ["LAND", 7],
];
const FEATURES = [
  "Pool",
  "Garage",
  "Fireplace",
  "Basement",
  "Solar panels",
  "Garden",
  "Balcony",
  "Air conditioning",
  "Hardwood floors",
  "Waterfront",
  "Mountain view",
  "Home office",
  "EV charger",
  "Hot tub",
  "Guest house",
  "Wheelchair access",
];
const STREETS = [
  "Alder",
  "Birch",
  "Cedar",
  "Division",
  "Elm",
  "Fir",
  "Grand",
  "Hawthorne",
  "Ivy",
  "Juniper",
  "Knott",
  "Laurel",
  "Madrona",
  "Northrup",
  "Oak",
  "Park",
  "Quimby",
  "Raleigh",
  "Spruce",
  "Thurman",
];

function build(db: Database, random: Random): void {
  db.run(`CREATE TABLE agencies (
  agency_id INTEGER PRIMARY KEY,
  agency_name TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL REFERENCES us_states(state_code)
)`);
  const agencies: Row[] = [];
  CITIES.forEach(([city, state], index) => {
    agencies.push([agencies.length + 1, `${AGENCY_WORDS[index]!} Realty`, city, state]);
    if (index % 3 === 0) agencies.push([agencies.length + 1, `${AGENCY_WORDS[(index + 5) % AGENCY_WORDS.length]!} Homes ${city}`, city, state]);
  });
  insertRows(db, "agencies", ["agency_id", "agency_name", "city", "state"], agencies);

  db.run(`CREATE TABLE agents (
  agent_id INTEGER PRIMARY KEY,
  agency_id INTEGER NOT NULL REFERENCES agencies(agency_id),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  license_state TEXT NOT NULL REFERENCES us_states(state_code),
  hireDate TEXT NOT NULL, -- Date the agent joined the agency
  commission_pct REAL NOT NULL -- Agent's share of the sale price, in percent
)`);
  const agents: Row[] = [];
  for (const agency of agencies) {
    for (let n = random.int(6, 14); n > 0; n--) {
      const name = personName(random, FIRST_NAMES, LAST_NAMES);
      agents.push([
        agents.length + 1,
        agency[0]!,
        name.first,
        name.last,
        agency[3]!,
        isoDate(dayOf("2005-01-01") + random.int(0, 19 * 365)),
        random.pick([2, 2.5, 2.5, 3, 3]),
      ]);
    }
  }
  insertRows(db, "agents", ["agent_id", "agency_id", "first_name", "last_name", "license_state", "hireDate", "commission_pct"], agents);

  db.run(`CREATE TABLE properties (
  property_id INTEGER PRIMARY KEY,
  street_address TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL REFERENCES us_states(state_code),
  zip TEXT NOT NULL,
  prop_type TEXT NOT NULL, -- 'SFH' single-family house, 'CONDO', 'TH' townhouse, 'MF' multi-family, 'LAND' vacant lot
  beds INTEGER,
  baths REAL,
  sqft INTEGER, -- Living area in square feet; NULL for land
  year_built INTEGER,
  lot_acres REAL
)`);
  const properties: Row[] = [];
  const levels: number[] = [];
  for (let id = 1; id <= 1100; id++) {
    const [city, state, zip, level] = CITIES[random.skewedIndex(CITIES.length, 1.2)]!;
    const type = random.pick(PROPERTY_TYPES.flatMap(([code, weight]) => Array<string>(weight).fill(code)));
    const land = type === "LAND";
    const beds = land ? null : type === "CONDO" ? random.int(0, 3) : type === "MF" ? random.int(4, 10) : random.int(2, 6);
    levels.push(level);
    properties.push([
      id,
      `${random.int(100, 9999)} ${random.pick(STREETS)} ${random.pick(["St", "Ave", "Dr", "Ct", "Ln"])}`,
      city,
      state,
      `${zip}${String(random.int(1, 99)).padStart(2, "0")}`,
      type,
      beds,
      land ? null : Math.max(1, (beds ?? 1) - random.int(0, 2)) + random.pick([0, 0.5]),
      land ? null : around(random, 600 + (beds ?? 1) * 420, 300),
      land ? null : random.int(1905, 2024),
      type === "CONDO" ? null : Math.round(random.exponential(0.3) * 100) / 100 + 0.05,
    ]);
  }
  insertRows(
    db,
    "properties",
    ["property_id", "street_address", "city", "state", "zip", "prop_type", "beds", "baths", "sqft", "year_built", "lot_acres"],
    properties,
  );

  db.run(`CREATE TABLE features (
  feature_id INTEGER PRIMARY KEY,
  feature_name TEXT NOT NULL UNIQUE
)`);
  insertRows(
    db,
    "features",
    ["feature_id", "feature_name"],
    FEATURES.map((name, index) => [index + 1, name]),
  );
  db.run(`CREATE TABLE property_features (
  property_id INTEGER NOT NULL REFERENCES properties(property_id),
  feature_id INTEGER NOT NULL REFERENCES features(feature_id),
  PRIMARY KEY (property_id, feature_id)
) WITHOUT ROWID`);
  const propertyFeatures: Row[] = [];
  for (const property of properties) {
    if (property[5] === "LAND") continue;
    FEATURES.forEach((_feature, index) => {
      if (random.chance(index < 4 ? 0.25 : 0.05)) propertyFeatures.push([property[0]!, index + 1]);
    });
  }
  insertRows(db, "property_features", ["property_id", "feature_id"], propertyFeatures);

  db.run(`CREATE TABLE listings (
  listing_id INTEGER PRIMARY KEY,
  property_id INTEGER NOT NULL REFERENCES properties(property_id),
  agent_id INTEGER NOT NULL REFERENCES agents(agent_id), -- Listing agent
  list_date TEXT NOT NULL,
  list_price INTEGER NOT NULL, -- Asking price, USD
  listing_status TEXT NOT NULL -- 'ACTIVE', 'PENDING', 'SOLD' or 'WITHDRAWN'
)`);
  db.run(`CREATE TABLE property_sales (
  sale_id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(listing_id),
  buyer_agent_id INTEGER REFERENCES agents(agent_id), -- NULL when the buyer had no agent
  close_date TEXT NOT NULL,
  sale_price INTEGER NOT NULL,
  financing TEXT -- 'CASH', 'CONV' (conventional mortgage), 'FHA' or 'VA'
)`);
  db.run(`CREATE TABLE open_houses (
  open_house_id INTEGER PRIMARY KEY,
  listing_id INTEGER NOT NULL REFERENCES listings(listing_id),
  oh_date TEXT NOT NULL,
  visitor_count INTEGER
)`);
  const listings: Row[] = [];
  const sales: Row[] = [];
  const openHouses: Row[] = [];
  for (const property of properties) {
    if (!random.chance(0.75)) continue;
    const id = listings.length + 1;
    const state = property[3];
    const localAgents = agents.filter((agent) => agent[4] === state);
    const agent = random.pick(localAgents);
    const listDay = dayOf("2023-01-01") + random.int(0, 880);
    const base = property[5] === "LAND" ? 90000 : 120000 + (property[8] as number) * 160;
    const price = Math.round((base * levels[(property[0] as number) - 1]! * (0.8 + random.next() * 0.4)) / 1000) * 1000;
    const status = listDay > dayOf("2025-03-01") ? random.pick(["ACTIVE", "ACTIVE", "PENDING"]) : random.pick(["SOLD", "SOLD", "SOLD", "WITHDRAWN", "ACTIVE"]);
    listings.push([id, property[0]!, agent[0]!, isoDate(listDay), price, status]);
    if (status === "SOLD") {
      const buyer = random.chance(0.85) ? random.pick(localAgents)[0]! : null;
      sales.push([
        sales.length + 1,
        id,
        buyer,
        isoDate(listDay + random.int(12, 120)),
        Math.round((price * (0.92 + random.next() * 0.14)) / 500) * 500,
        random.pick(["CASH", "CONV", "CONV", "CONV", "FHA", "VA"]),
      ]);
    }
    for (let n = random.int(0, 2); n > 0; n--)
      openHouses.push([openHouses.length + 1, id, isoDate(listDay + random.int(2, 25)), random.chance(0.9) ? random.int(0, 45) : null]);
  }
  insertRows(db, "listings", ["listing_id", "property_id", "agent_id", "list_date", "list_price", "listing_status"], listings);
  insertRows(db, "property_sales", ["sale_id", "listing_id", "buyer_agent_id", "close_date", "sale_price", "financing"], sales);
  insertRows(db, "open_houses", ["open_house_id", "listing_id", "oh_date", "visitor_count"], openHouses);

  db.run(`CREATE TABLE rental_leases (
  lease_id INTEGER PRIMARY KEY,
  property_id INTEGER NOT NULL REFERENCES properties(property_id),
  tenant_name TEXT NOT NULL,
  monthly_rent INTEGER NOT NULL, -- USD
  lease_start TEXT NOT NULL,
  lease_end TEXT,
  deposit_amt INTEGER
)`);
  const leases: Row[] = [];
  const rentable = properties.filter((property) => property[5] !== "LAND");
  for (let id = 1; id <= 400; id++) {
    const property = rentable[random.int(0, rentable.length - 1)]!;
    const name = personName(random, FIRST_NAMES, LAST_NAMES);
    const rent = Math.round(((600 + ((property[6] as number) || 1) * 350) * levels[(property[0] as number) - 1]!) / 25) * 25;
    const start = dayOf("2022-01-01") + random.int(0, 1200);
    leases.push([
      id,
      property[0]!,
      `${name.first} ${name.last}`,
      rent,
      isoDate(start),
      random.chance(0.2) ? null : isoDate(start + random.pick([182, 365, 365, 730])),
      random.chance(0.9) ? rent * random.pick([1, 1, 2]) : null,
    ]);
  }
  insertRows(db, "rental_leases", ["lease_id", "property_id", "tenant_name", "monthly_rent", "lease_start", "lease_end", "deposit_amt"], leases);
}

export const REALTY_DOMAIN: WarehouseDomain = { id: "realestate", seed: 1701, build };

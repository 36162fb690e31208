// The transport domain: bus operators, depots, routes and their stops, the fleet, drivers, daily trips, fares and ticket sales.
import type { Database } from "sql.js";
import { FIRST_NAMES, LAST_NAMES } from "../../sample-data/people";
import { cents, dayOf, insertRows, isoDate, isoDateTime, MINUTES_PER_DAY, type Random, type Row } from "../../sample-data/sample-kit";
import { around, personName, type WarehouseDomain } from "./domain";

/** [operator, state, depots (name, city)]. */
// prettier-ignore
const OPERATORS: readonly (readonly [string, string, readonly (readonly [string, string])[]])[] = [
  ["TriMet", "OR", [["Center Street", "Portland"], ["Powell", "Portland"], ["Merlo", "Beaverton"]]],
  ["King County Metro", "WA", [["Atlantic", "Seattle"], ["Bellevue Base", "Bellevue"], ["South Base", "Tukwila"]]],
  ["IndyGo", "IN", [["Harding Street", "Indianapolis"]]],
  ["GO Maine", "ME", [["Elm Street", "Portland"], ["Bangor Yard", "Bangor"]]],
  ["Valley Metro", "AZ", [["Mesa Yard", "Mesa"], ["West Valley", "Phoenix"]]],
];
const STREETS = [
  "Main St",
  "Oak Ave",
  "Burnside",
  "Broadway",
  "Division St",
  "Hawthorne Blvd",
  "Pine St",
  "Lincoln Ave",
  "Market St",
  "Park Ave",
  "River Rd",
  "College St",
  "Union Ave",
  "Lake St",
  "Elm St",
  "Mill Rd",
  "Hill St",
  "5th Ave",
  "Maple Dr",
  "Station Rd",
];
const PLACES = ["Transit Center", "Hospital", "Library", "High School", "City Hall", "Airport", "Mall", "University", "Stadium", "Ferry Terminal"];
const MODELS: readonly (readonly [string, number, string])[] = [
  ["Gillig Low Floor 40", 38, "DSL"],
  ["New Flyer Xcelsior XE40", 35, "ELEC"],
  ["New Flyer Xcelsior XDE60", 57, "HYB"],
  ["Proterra ZX5", 40, "ELEC"],
  ["Gillig BRT Hybrid", 37, "HYB"],
  ["Nova Bus LFS", 41, "DSL"],
  ["Nova Bus LFS CNG", 41, "CNG"],
];
const FARES: readonly Row[] = [
  ["AD", "Adult single", 2.8],
  ["HC", "Honored citizen single", 1.4],
  ["YT", "Youth single", 1.4],
  ["DAY", "Day pass", 5.6],
  ["MO", "Monthly pass", 100],
  ["AN", "Annual pass", 1100],
];

function build(db: Database, random: Random): void {
  db.run(`CREATE TABLE transit_operators (
  operator_id INTEGER PRIMARY KEY,
  operator_name TEXT NOT NULL,
  region_state TEXT NOT NULL REFERENCES us_states(state_code)
)`);
  insertRows(
    db,
    "transit_operators",
    ["operator_id", "operator_name", "region_state"],
    OPERATORS.map(([name, state], index) => [index + 1, name, state]),
  );

  db.run(`CREATE TABLE depots (
  depot_id INTEGER PRIMARY KEY,
  depot_name TEXT NOT NULL,
  city TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES transit_operators(operator_id)
)`);
  const depots: Row[] = [];
  OPERATORS.forEach(([, , yards], index) => {
    for (const [name, city] of yards) depots.push([depots.length + 1, name, city, index + 1]);
  });
  insertRows(db, "depots", ["depot_id", "depot_name", "city", "operator_id"], depots);

  db.run(`CREATE TABLE stops (
  stop_id INTEGER PRIMARY KEY,
  stop_code TEXT NOT NULL UNIQUE, -- Number on the stop sign
  stop_name TEXT NOT NULL,
  fare_zone TEXT NOT NULL, -- 'A' (centre), 'B' or 'C'
  wheelchair_ok INTEGER NOT NULL,
  lat REAL,
  lon REAL
)`);
  const stops: Row[] = [];
  const stopNames = new Set<string>();
  while (stops.length < 400) {
    const name = random.chance(0.15) ? `${random.pick(STREETS).split(" ")[0]} ${random.pick(PLACES)}` : `${random.pick(STREETS)} & ${random.pick(STREETS)}`;
    if (stopNames.has(name) || name.split(" & ")[0] === name.split(" & ")[1]) continue;
    stopNames.add(name);
    const id = stops.length + 1;
    stops.push([
      id,
      String(1000 + id * 3),
      name,
      random.pick(["A", "B", "B", "C", "C"]),
      random.chance(0.85) ? 1 : 0,
      cents(45.5 + random.next()),
      cents(-122.7 + random.next()),
    ]);
  }
  insertRows(db, "stops", ["stop_id", "stop_code", "stop_name", "fare_zone", "wheelchair_ok", "lat", "lon"], stops);

  db.run(`CREATE TABLE bus_routes (
  route_no TEXT PRIMARY KEY, -- Number or letter shown on the bus, e.g. '12' or 'N4'
  route_name TEXT NOT NULL,
  operator_id INTEGER NOT NULL REFERENCES transit_operators(operator_id),
  route_type TEXT NOT NULL, -- 'LOCAL', 'EXPRESS' or 'NIGHT'
  is_active INTEGER NOT NULL
)`);
  db.run(`CREATE TABLE route_stops (
  route_no TEXT NOT NULL REFERENCES bus_routes(route_no),
  stop_seq INTEGER NOT NULL, -- 1 for the first stop
  stop_id INTEGER NOT NULL REFERENCES stops(stop_id),
  PRIMARY KEY (route_no, stop_seq)
) WITHOUT ROWID`);
  const routes: Row[] = [];
  const routeStops: Row[] = [];
  for (let n = 1; n <= 56; n++) {
    const type = n % 9 === 0 ? "NIGHT" : n % 5 === 0 ? "EXPRESS" : "LOCAL";
    const routeNo = type === "NIGHT" ? `N${n / 9}` : type === "EXPRESS" ? `${n}X` : String(n);
    const first = stops[random.int(0, stops.length - 1)]![2] as string;
    const last = stops[random.int(0, stops.length - 1)]![2] as string;
    routes.push([routeNo, `${first.split(" & ")[0]} – ${last.split(" & ")[0]}`, 1 + ((n * 7) % OPERATORS.length), type, random.chance(0.92) ? 1 : 0]);
    const count = type === "EXPRESS" ? random.int(6, 10) : random.int(14, 26);
    const used = new Set<number>();
    for (let seq = 1; seq <= count; seq++) {
      let stop = random.int(1, stops.length);
      while (used.has(stop)) stop = random.int(1, stops.length);
      used.add(stop);
      routeStops.push([routeNo, seq, stop]);
    }
  }
  insertRows(db, "bus_routes", ["route_no", "route_name", "operator_id", "route_type", "is_active"], routes);
  insertRows(db, "route_stops", ["route_no", "stop_seq", "stop_id"], routeStops);

  db.run(`CREATE TABLE buses (
  bus_id INTEGER PRIMARY KEY,
  fleet_no TEXT NOT NULL UNIQUE,
  make_model TEXT NOT NULL,
  seats INTEGER NOT NULL,
  fuel_type TEXT NOT NULL, -- 'DSL' diesel, 'ELEC' battery electric, 'HYB' hybrid, 'CNG' natural gas
  in_service_since TEXT NOT NULL,
  depot_id INTEGER NOT NULL REFERENCES depots(depot_id)
)`);
  const buses: Row[] = [];
  for (let id = 1; id <= 260; id++) {
    const [model, seats, fuel] = random.pick(MODELS);
    buses.push([id, String(2000 + id * 5), model, seats, fuel, isoDate(dayOf("2008-01-01") + random.int(0, 16 * 365)), random.int(1, depots.length)]);
  }
  insertRows(db, "buses", ["bus_id", "fleet_no", "make_model", "seats", "fuel_type", "in_service_since", "depot_id"], buses);

  db.run(`CREATE TABLE drivers (
  driver_id INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  license_no TEXT NOT NULL UNIQUE,
  depot_id INTEGER NOT NULL REFERENCES depots(depot_id),
  hired_on TEXT NOT NULL,
  hourly_rate REAL NOT NULL
)`);
  const drivers: Row[] = [];
  for (let id = 1; id <= 340; id++) {
    const name = personName(random, FIRST_NAMES, LAST_NAMES);
    const hired = dayOf("1998-01-01") + random.int(0, 27 * 365);
    drivers.push([
      id,
      name.first,
      name.last,
      `CDL${String(400000 + id * 37)}`,
      random.int(1, depots.length),
      isoDate(hired),
      cents(24 + ((dayOf("2025-01-01") - hired) / 365) * 0.6 + random.next()),
    ]);
  }
  insertRows(db, "drivers", ["driver_id", "first_name", "last_name", "license_no", "depot_id", "hired_on", "hourly_rate"], drivers);

  db.run(`CREATE TABLE trips (
  trip_id INTEGER PRIMARY KEY,
  route_no TEXT NOT NULL REFERENCES bus_routes(route_no),
  bus_id INTEGER NOT NULL REFERENCES buses(bus_id),
  driver_id INTEGER NOT NULL REFERENCES drivers(driver_id),
  service_date TEXT NOT NULL,
  dep_time TEXT NOT NULL, -- Scheduled departure from the first stop, HH:MM
  boardings INTEGER, -- Passengers counted boarding; NULL when cancelled
  delay_min INTEGER,
  trip_status TEXT NOT NULL -- 'OK', 'LATE' (over 5 minutes late) or 'CANC' (cancelled)
)`);
  const trips: Row[] = [];
  const start = dayOf("2025-03-01");
  for (let id = 1; id <= 1800; id++) {
    const route = routes[random.skewedIndex(routes.length, 1.3)]!;
    const night = route[3] === "NIGHT";
    const hour = night ? random.int(0, 4) : random.int(5, 22);
    const cancelled = random.chance(0.03);
    const delay = cancelled ? null : Math.max(-2, Math.round(random.exponential(3)));
    const status = cancelled ? "CANC" : delay! > 5 ? "LATE" : "OK";
    trips.push([
      id,
      route[0]!,
      random.int(1, buses.length),
      random.int(1, drivers.length),
      isoDate(start + random.int(0, 60)),
      `${String(hour).padStart(2, "0")}:${String(random.int(0, 11) * 5).padStart(2, "0")}`,
      cancelled ? null : Math.max(0, around(random, night ? 8 : 30, night ? 8 : 28)),
      delay,
      status,
    ]);
  }
  insertRows(db, "trips", ["trip_id", "route_no", "bus_id", "driver_id", "service_date", "dep_time", "boardings", "delay_min", "trip_status"], trips);

  db.run(`CREATE TABLE fare_types (
  fare_code TEXT PRIMARY KEY,
  fare_name TEXT NOT NULL,
  price REAL NOT NULL -- USD
)`);
  insertRows(db, "fare_types", ["fare_code", "fare_name", "price"], FARES);

  db.run(`CREATE TABLE ticket_sales (
  sale_id INTEGER PRIMARY KEY,
  fare_code TEXT NOT NULL REFERENCES fare_types(fare_code),
  stop_id INTEGER REFERENCES stops(stop_id), -- Stop of the ticket machine; NULL for app sales
  sold_at TEXT NOT NULL,
  qty INTEGER NOT NULL,
  amt REAL NOT NULL, -- Total paid, USD
  sales_channel TEXT NOT NULL -- 'APP', 'TVM' (ticket machine) or 'DRV' (paid to the driver)
)`);
  const sales: Row[] = [];
  for (let id = 1; id <= 1400; id++) {
    const fare = FARES[Math.min(FARES.length - 1, random.skewedIndex(FARES.length, 1.8))]!;
    const channel = random.pick(["APP", "APP", "TVM", "TVM", "DRV"]);
    const qty = (fare[0] === "AD" || fare[0] === "YT") && random.chance(0.2) ? random.int(2, 4) : 1;
    sales.push([
      id,
      fare[0]!,
      channel === "APP" ? null : random.int(1, stops.length),
      isoDateTime((start + random.int(0, 60)) * MINUTES_PER_DAY + random.int(300, 1380)),
      qty,
      cents((fare[2] as number) * qty),
      channel,
    ]);
  }
  insertRows(db, "ticket_sales", ["sale_id", "fare_code", "stop_id", "sold_at", "qty", "amt", "sales_channel"], sales);
}

export const TRANSIT_DOMAIN: WarehouseDomain = { id: "transport", seed: 1401, build };

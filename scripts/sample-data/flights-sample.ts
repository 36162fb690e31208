// The flights sample: airlines, routes between real airports and three months of flights, and its manifest entry.
import type { Database } from "sql.js";
import { AIRCRAFT_SEATS, AIRLINES, REGISTRATION_PREFIXES } from "./flights";
import { AIRPORTS, type Airport } from "./places";
import {
  dayOf,
  insertRows,
  isoDateTime,
  MINUTES_PER_DAY,
  monthOf,
  pickDistinct,
  pickWeighted,
  weekdayOf,
  type Random,
  type Row,
  type SampleDefinition,
} from "./sample-kit";

const FLIGHTS_SCHEMA = `
CREATE TABLE airports (
  airport_code TEXT PRIMARY KEY, -- Three-letter IATA airport code, e.g. 'JFK'
  name TEXT NOT NULL, -- Full name of the airport
  city TEXT NOT NULL, -- City the airport serves
  region TEXT NOT NULL, -- State or province code, e.g. 'CA' or 'ON'; empty string where the country has none in use
  country TEXT NOT NULL, -- Country the airport is in
  latitude REAL NOT NULL, -- Latitude in degrees, north positive
  longitude REAL NOT NULL, -- Longitude in degrees, east positive
  timezone TEXT NOT NULL -- IANA time zone of the airport, e.g. 'Europe/London'
);

CREATE TABLE airlines (
  airline_id INTEGER PRIMARY KEY, -- Unique identifier of the airline
  name TEXT NOT NULL UNIQUE, -- Airline name (all airlines in this sample are fictional)
  iata_code TEXT NOT NULL UNIQUE, -- Two-character airline designator used in flight numbers
  country TEXT NOT NULL, -- Country where the airline is based
  hub_airport_code TEXT NOT NULL REFERENCES airports(airport_code), -- Main hub airport
  founded_year INTEGER NOT NULL, -- Year the airline started flying
  alliance TEXT -- Airline alliance it belongs to; NULL when unaligned
);

CREATE TABLE aircraft (
  aircraft_id INTEGER PRIMARY KEY, -- Unique identifier of the aircraft
  tail_number TEXT NOT NULL UNIQUE, -- Registration painted on the aircraft, e.g. 'N412NX'
  airline_id INTEGER NOT NULL REFERENCES airlines(airline_id), -- Airline operating the aircraft
  model TEXT NOT NULL, -- Manufacturer and model, e.g. 'Boeing 787-9'
  seat_capacity INTEGER NOT NULL, -- Number of passenger seats
  year_built INTEGER NOT NULL -- Year the aircraft was delivered
);

CREATE TABLE routes (
  route_id INTEGER PRIMARY KEY, -- Unique identifier of the route
  airline_id INTEGER NOT NULL REFERENCES airlines(airline_id), -- Airline flying the route
  origin_code TEXT NOT NULL REFERENCES airports(airport_code), -- Departure airport
  destination_code TEXT NOT NULL REFERENCES airports(airport_code), -- Arrival airport
  distance_km INTEGER NOT NULL, -- Great-circle distance in kilometres
  scheduled_minutes INTEGER NOT NULL, -- Scheduled gate-to-gate time in minutes
  UNIQUE (airline_id, origin_code, destination_code)
);

CREATE TABLE flights (
  flight_id INTEGER PRIMARY KEY, -- Unique identifier of one departure on one day
  route_id INTEGER NOT NULL REFERENCES routes(route_id), -- Route flown
  flight_number TEXT NOT NULL, -- Airline code and number as shown to passengers, e.g. 'NX 101'
  aircraft_id INTEGER NOT NULL REFERENCES aircraft(aircraft_id), -- Aircraft assigned to the flight
  scheduled_departure TEXT NOT NULL, -- Scheduled departure, UTC (YYYY-MM-DD HH:MM:SS)
  scheduled_arrival TEXT NOT NULL, -- Scheduled arrival, UTC (YYYY-MM-DD HH:MM:SS)
  actual_departure TEXT, -- Actual departure, UTC; NULL when the flight was cancelled
  actual_arrival TEXT, -- Actual arrival at the destination, UTC; NULL when cancelled or diverted
  departure_delay_minutes INTEGER, -- Minutes late leaving the gate, negative when early; NULL when cancelled
  arrival_delay_minutes INTEGER, -- Minutes late arriving, negative when early; NULL when cancelled or diverted
  status TEXT NOT NULL, -- Outcome: 'Landed', 'Cancelled' or 'Diverted'
  cancellation_reason TEXT, -- 'Weather', 'Mechanical', 'Crew availability' or 'Air traffic control'; NULL unless cancelled
  passengers INTEGER -- Passengers on board; NULL when cancelled
);

CREATE INDEX routes_origin_code ON routes(origin_code);
CREATE INDEX routes_destination_code ON routes(destination_code);
CREATE INDEX flights_route_id ON flights(route_id);

CREATE VIEW flight_details AS
-- One row per flight with the airline and both airports spelled out, for easy filtering
SELECT
  f.flight_id,
  f.flight_number,
  al.name AS airline,
  r.origin_code,
  r.destination_code,
  f.scheduled_departure,
  f.status,
  f.departure_delay_minutes,
  f.arrival_delay_minutes
FROM flights AS f
JOIN routes AS r ON r.route_id = f.route_id
JOIN airlines AS al ON al.airline_id = r.airline_id;
`;

type Zone = "North America" | "Europe" | "Rest of world";

function zoneOf(airport: Airport): Zone {
  if (["United States", "Canada", "Mexico"].includes(airport.country)) return "North America";
  if (["United Kingdom", "Ireland", "France", "Netherlands", "Germany", "Switzerland", "Spain", "Italy", "Denmark", "Turkey"].includes(airport.country)) {
    return "Europe";
  }
  return "Rest of world";
}

/** Great-circle distance by the haversine formula, rounded to whole kilometres. */
function distanceKm(from: Airport, to: Airport): number {
  const radians = Math.PI / 180;
  const latitudeDelta = (to.latitude - from.latitude) * radians;
  const longitudeDelta = (to.longitude - from.longitude) * radians;
  const a = Math.sin(latitudeDelta / 2) ** 2 + Math.cos(from.latitude * radians) * Math.cos(to.latitude * radians) * Math.sin(longitudeDelta / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(a)));
}

function randomLetters(random: Random, count: number): string {
  return Array.from({ length: count }, () => String.fromCharCode(65 + random.int(0, 25))).join("");
}

function buildFlights(db: Database, random: Random): void {
  db.exec(FLIGHTS_SCHEMA);
  const firstDay = dayOf("2024-01-01");
  const lastDay = dayOf("2024-03-31");
  const airportByCode = new Map(AIRPORTS.map((airport) => [airport.code, airport]));
  const airportRows: Row[] = AIRPORTS.map((airport) => [
    airport.code,
    airport.name,
    airport.city,
    airport.region,
    airport.country,
    airport.latitude,
    airport.longitude,
    airport.timezone,
  ]);
  const airlineRows: Row[] = AIRLINES.map((airline, index) => [
    index + 1,
    airline.name,
    airline.code,
    airline.country,
    airline.hub,
    airline.foundedYear,
    airline.alliance,
  ]);

  // Fleets: narrowbodies for short flights, widebodies for long ones.
  const usedTails = new Set<string>();
  const aircraftRows: Row[] = [];
  const fleets = AIRLINES.map((airline, airlineIndex) => {
    const fleet: { id: number; widebody: boolean; seats: number; model: string }[] = [];
    const addAircraft = (model: string, widebody: boolean): void => {
      const prefix = REGISTRATION_PREFIXES[airline.country] ?? "X-";
      let tail = "";
      while (tail === "" || usedTails.has(tail)) {
        tail = prefix === "N" ? `N${random.int(101, 999)}${airline.code}` : `${prefix}${randomLetters(random, prefix.length === 2 ? 4 : 3)}`;
      }
      usedTails.add(tail);
      const seats = AIRCRAFT_SEATS[model];
      if (seats === undefined) throw new Error(`No seat count for ${model}`);
      const entry = { id: aircraftRows.length + 1, widebody, seats, model };
      fleet.push(entry);
      aircraftRows.push([entry.id, tail, airlineIndex + 1, model, seats, random.int(2004, 2023)]);
    };
    const narrowbodies = 8 + airline.nearDestinations;
    for (let index = 0; index < narrowbodies; index++) addAircraft(random.pick(airline.narrowbodyModels), false);
    for (let index = 0; index < airline.farDestinations * 2; index++) addAircraft(random.pick(airline.widebodyModels), true);
    return fleet;
  });

  // Routes: each airline flies from its hub to near and far destinations, both ways.
  const routes: { id: number; airlineIndex: number; origin: Airport; destination: Airport; distance: number; minutes: number }[] = [];
  AIRLINES.forEach((airline, airlineIndex) => {
    const hub = airportByCode.get(airline.hub)!;
    // Nobody here flies the ultra-long routes beyond 13,000 km.
    const others = AIRPORTS.filter((airport) => airport.code !== hub.code && distanceKm(hub, airport) < 13_000);
    const near = others.filter((airport) => zoneOf(airport) === zoneOf(hub));
    const far = others.filter((airport) => zoneOf(airport) !== zoneOf(hub) && airline.widebodyModels.length > 0);
    const destinations = [
      ...pickDistinct(random, near, airline.nearDestinations, (airport) => airport.size),
      ...pickDistinct(random, far, airline.farDestinations, (airport) => airport.size ** 2),
    ];
    for (const destination of destinations) {
      const distance = distanceKm(hub, destination);
      // Cruise at about 800 km/h, plus taxi, climb and a little padding.
      const minutes = Math.round((distance / 800) * 12 + 7) * 5;
      for (const [origin, target] of [
        [hub, destination],
        [destination, hub],
      ] as const) {
        routes.push({ id: routes.length + 1, airlineIndex, origin, destination: target, distance, minutes });
      }
    }
  });
  const routeRows: Row[] = routes.map((route) => [route.id, route.airlineIndex + 1, route.origin.code, route.destination.code, route.distance, route.minutes]);

  // Weather: northern airports get winter storms in January and February that delay and cancel flights.
  const storms = new Set<string>();
  const unsettled = new Set<string>();
  for (const airport of AIRPORTS) {
    const snowy = airport.latitude > 38 && zoneOf(airport) !== "Rest of world";
    for (let day = firstDay; day <= lastDay; day++) {
      const winter = monthOf(day) <= 2;
      if (random.chance(snowy ? (winter ? 0.06 : 0.025) : 0.01)) storms.add(`${airport.code}:${day}`);
      else if (random.chance(0.1)) unsettled.add(`${airport.code}:${day}`);
    }
  }

  const flightRows: Row[] = [];
  const flightNumbers = new Map<number, number>();
  routes.forEach((route) => {
    const airline = AIRLINES[route.airlineIndex]!;
    const fleet = fleets[route.airlineIndex]!;
    const needsWidebody = route.distance > 4500;
    const candidates = fleet.filter((aircraft) => aircraft.widebody === needsWidebody && (aircraft.seats > 100 || route.distance < 1500));
    const bothBusy = route.origin.size >= 8 && route.destination.size >= 8;
    const departuresPerDay = route.distance < 2500 ? (bothBusy ? 3 : 2) : 1;
    // Long flights between smaller airports run five days a week.
    const skippedWeekdays = route.distance > 6000 && !bothBusy ? [random.int(0, 6), random.int(0, 6)] : [];
    const slotStarts =
      departuresPerDay === 1 ? [random.int(8 * 12, 22 * 12) * 5] : [6, 12, 17].slice(0, departuresPerDay).map((hour) => (hour * 12 + random.int(0, 55)) * 5);
    const numberBase = flightNumbers.get(route.airlineIndex) ?? 101;
    flightNumbers.set(route.airlineIndex, numberBase + departuresPerDay);
    slotStarts.forEach((localMinute, slot) => {
      const flightNumber = `${airline.code} ${numberBase + slot}`;
      for (let day = firstDay; day <= lastDay; day++) {
        if (skippedWeekdays.includes(weekdayOf(day))) continue;
        const scheduledDeparture = day * MINUTES_PER_DAY + localMinute - Math.round(route.origin.januaryUtcOffsetHours * 60);
        // The sample is the first quarter of 2024 in UTC, so questions about months give clean answers.
        if (scheduledDeparture < firstDay * MINUTES_PER_DAY || scheduledDeparture >= (lastDay + 1) * MINUTES_PER_DAY) continue;
        const scheduledArrival = scheduledDeparture + route.minutes;
        const aircraft = random.pick(candidates);
        const originStorm = storms.has(`${route.origin.code}:${day}`);
        const destinationStorm = storms.has(`${route.destination.code}:${day}`);
        const unsettledWeather = unsettled.has(`${route.origin.code}:${day}`) || unsettled.has(`${route.destination.code}:${day}`);
        const cancelChance = 0.011 * airline.unreliability + (originStorm ? 0.16 : 0) + (destinationStorm ? 0.07 : 0);
        if (random.chance(cancelChance)) {
          const reason =
            (originStorm || destinationStorm) && random.chance(0.85)
              ? "Weather"
              : pickWeighted(
                  random,
                  [
                    ["Mechanical", 45],
                    ["Crew availability", 25],
                    ["Weather", 15],
                    ["Air traffic control", 15],
                  ] as const,
                  (entry) => entry[1],
                )[0];
          flightRows.push([
            flightRows.length + 1,
            route.id,
            flightNumber,
            aircraft.id,
            isoDateTime(scheduledDeparture),
            isoDateTime(scheduledArrival),
            null,
            null,
            null,
            null,
            "Cancelled",
            reason,
            null,
          ]);
          continue;
        }
        // Delays pile up through the day, so evening departures are later more often.
        const lateInDay = localMinute >= 17 * 60 ? 0.1 : 0;
        const delayChance = 0.24 * airline.unreliability + lateInDay + (unsettledWeather ? 0.2 : 0) + (originStorm || destinationStorm ? 0.45 : 0);
        const departureDelay = random.chance(delayChance) ? Math.min(720, 16 + Math.round(random.exponential(originStorm ? 95 : 34))) : random.int(-7, 14);
        const diverted = random.chance(0.0015 + (destinationStorm ? 0.02 : 0));
        // Schedules are padded, so arrivals usually recover a few minutes.
        const arrivalDelay = departureDelay + random.int(-22, 12);
        const weekday = weekdayOf(day);
        const loadFactor = 0.58 + 0.38 * random.bell() + (weekday === 5 || weekday === 0 ? 0.06 : 0);
        const passengers = Math.min(aircraft.seats, Math.round(aircraft.seats * loadFactor));
        flightRows.push([
          flightRows.length + 1,
          route.id,
          flightNumber,
          aircraft.id,
          isoDateTime(scheduledDeparture),
          isoDateTime(scheduledArrival),
          isoDateTime(scheduledDeparture + departureDelay),
          diverted ? null : isoDateTime(scheduledArrival + arrivalDelay),
          departureDelay,
          diverted ? null : arrivalDelay,
          diverted ? "Diverted" : "Landed",
          null,
          passengers,
        ]);
      }
    });
  });
  // Numbered by departure time, as an operations log would be.
  flightRows.sort((a, b) => String(a[4]).localeCompare(String(b[4])) || (a[1] as number) - (b[1] as number));
  const numberedFlights: Row[] = flightRows.map((row, index) => [index + 1, ...row.slice(1)]);

  insertRows(db, "airports", ["airport_code", "name", "city", "region", "country", "latitude", "longitude", "timezone"], airportRows);
  insertRows(db, "airlines", ["airline_id", "name", "iata_code", "country", "hub_airport_code", "founded_year", "alliance"], airlineRows);
  insertRows(db, "aircraft", ["aircraft_id", "tail_number", "airline_id", "model", "seat_capacity", "year_built"], aircraftRows);
  insertRows(db, "routes", ["route_id", "airline_id", "origin_code", "destination_code", "distance_km", "scheduled_minutes"], routeRows);
  insertRows(
    db,
    "flights",
    [
      "flight_id",
      "route_id",
      "flight_number",
      "aircraft_id",
      "scheduled_departure",
      "scheduled_arrival",
      "actual_departure",
      "actual_arrival",
      "departure_delay_minutes",
      "arrival_delay_minutes",
      "status",
      "cancellation_reason",
      "passengers",
    ],
    numberedFlights,
  );
}

export const FLIGHTS_SAMPLE: SampleDefinition = {
  id: "flights",
  title: "Flights",
  description:
    "Three months of flights by nine fictional airlines between real airports around the world, with scheduled and actual times, delays, cancellations and passenger counts.",
  seed: 20240331,
  exampleQuestions: [
    "Which airline cancelled the largest share of its flights?",
    "What was the average departure delay at each airport in January 2024?",
    "Which route is the longest, and which airline flies it?",
  ],
  exampleQuery: `SELECT al.name AS airline,
       COUNT(*) AS flights,
       ROUND(100.0 * SUM(f.status = 'Cancelled') / COUNT(*), 1) AS cancelled_percent,
       ROUND(AVG(f.departure_delay_minutes), 1) AS average_delay_minutes,
       ROUND(100.0 * SUM(f.arrival_delay_minutes <= 15) / SUM(f.arrival_delay_minutes IS NOT NULL), 1) AS on_time_percent
FROM flights AS f
JOIN routes AS r ON r.route_id = f.route_id
JOIN airlines AS al ON al.airline_id = r.airline_id
GROUP BY al.airline_id
ORDER BY on_time_percent DESC;`,
  build: buildFlights,
};

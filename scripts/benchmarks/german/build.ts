// Fills the German benchmark database: towns, staff, customers and their supply points, contracts, meters with
// their readings, two years of bills with their lines and payments, and outage reports. Every draw comes from one
// seeded generator, so the same seed writes the same rows; the data ends on REFERENCE_DAY.
import type { Database } from "sql.js";
import { cents, dayOf, insertRows, isoDate, isoDateTime, MINUTES_PER_DAY, pickWeighted, type Random, type Row } from "../../sample-data/sample-kit";
import { GERMAN_SCHEMA } from "./schema";
import {
  BUILDING_KINDS,
  BUSINESS_KINDS,
  CANCELLATION_REASONS,
  DEPARTMENTS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  LEGAL_FORMS,
  MALE_FIRST_NAMES,
  METER_MAKERS,
  OUTAGE_CAUSES,
  STREETS,
  TARIFFS,
  TOWNS,
  type Division,
  type TariffSpec,
  type Town,
} from "./word-lists";

/** The last day the data knows: contracts 'gekuendigt' end after it, bills and readings lie before it. */
export const REFERENCE_DAY = dayOf("2025-06-30");
const CUSTOMER_COUNT = 900;
const OUTAGE_COUNT = 380;
/** Towns with the utility's own water network; gas has none on the island of Reichenau or in Meersburg. */
const WATER_TOWNS = new Set(["Konstanz", "Radolfzell am Bodensee", "Singen (Hohentwiel)", "Allensbach", "Reichenau", "Stockach", "Engen", "Gottmadingen"]);
const NO_GAS_TOWNS = new Set(["Reichenau", "Meersburg"]);
const BILLED_YEARS = [2023, 2024] as const;
const METER_KIND: Record<Division, string> = { Strom: "Strom", Gas: "Gas", Wasser: "Wasser", Fernwaerme: "Waerme" };
const UNIT: Record<Division, string> = { Strom: "kWh", Gas: "kWh", Wasser: "m³", Fernwaerme: "kWh" };
/** Years a meter's calibration lasts (Mess- und Eichverordnung): electronic electricity 8, gas 8, cold water 6, heat 5. */
const CALIBRATION_YEARS: Record<Division, number> = { Strom: 8, Gas: 8, Wasser: 6, Fernwaerme: 5 };

/** VAT in percent for a division's bill of a year: gas and heat had 7 % from October 2022 to March 2024. */
function vatPercent(division: Division, year: number): number {
  if (division === "Wasser") return 7;
  if ((division === "Gas" || division === "Fernwaerme") && year === 2023) return 7;
  return 19;
}

/** ß and umlauts as the old billing system wrote them (Hauptstraße → Hauptstrasse). */
function foldToAscii(text: string): string {
  return text.replace(/ß/g, "ss").replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/Ä/g, "Ae").replace(/Ö/g, "Oe").replace(/Ü/g, "Ue");
}

function emailAddress(first: string, last: string, random: Random): string {
  const local = foldToAscii(`${first}.${last}`)
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z.]/g, "");
  return `${local}@${random.pick(["web.de", "gmx.de", "t-online.de", "gmail.com", "posteo.de", "bodensee-mail.de"])}`;
}

function houseNumber(random: Random): string {
  return `${random.int(1, 120)}${random.chance(0.1) ? random.pick(["a", "b", "c"]) : ""}`;
}

interface Person {
  first: string;
  last: string;
  female: boolean;
}

function distinctPerson(random: Random, used: Set<string>): Person {
  for (let attempt = 0; attempt < 500; attempt++) {
    const female = random.chance(0.5);
    const firstNames = female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES;
    const first = firstNames[random.skewedIndex(firstNames.length, 1.3)]!;
    const last = LAST_NAMES[random.skewedIndex(LAST_NAMES.length, 1.4)]!;
    if (!used.has(`${first} ${last}`)) {
      used.add(`${first} ${last}`);
      return { first, last, female };
    }
  }
  throw new Error("Ran out of distinct names; add more to scripts/benchmarks/german/word-lists.ts");
}

interface TownRow extends Town {
  id: number;
}

interface Staff {
  id: number;
  department: string;
}

interface Customer {
  id: number;
  business: boolean;
  town: TownRow;
  since: number;
  /** The billing address as written (with ß); the customer table keeps it folded. */
  street: string;
  house: string;
}

interface SupplyPoint {
  id: number;
  town: TownRow;
  area: number | null;
  business: boolean;
}

interface Contract {
  id: number;
  customer: Customer;
  tariff: TariffSpec & { id: number };
  point: SupplyPoint;
  start: number;
  end: number | null;
  channel: string;
}

interface Meter {
  number: string;
  point: SupplyPoint;
  division: Division;
  smart: boolean;
}

function insertTowns(db: Database): TownRow[] {
  const towns = TOWNS.map((town, index) => ({ ...town, id: index + 1 }));
  insertRows(
    db,
    '"Städte"',
    ["stadt_id", "Name", "Bundesland", "Land", "Einwohnerzahl", "im_Versorgungsgebiet"],
    towns.map((town) => [town.id, town.name, town.region, town.country, town.population, town.supplied ? 1 : 0]),
  );
  return towns;
}

function insertStaff(db: Database, random: Random, towns: readonly TownRow[], usedNames: Set<string>): Staff[] {
  const townId = (name: string) => towns.find((town) => town.name === name)!.id;
  insertRows(
    db,
    "Abteilungen",
    ["Kuerzel", "Bezeichnung", "Standort", "kst"],
    DEPARTMENTS.map((department) => [department.code, department.name, townId(department.town), department.costCentre]),
  );
  const staff: Staff[] = [];
  const rows: Row[] = [];
  let nextId = 1001;
  for (const department of DEPARTMENTS) {
    let head: number | null = null;
    for (let index = 0; index < department.staff; index++) {
      const person = distinctPerson(random, usedNames);
      const id = nextId++;
      const joined = dayOf("1988-01-01") + random.int(0, dayOf("2025-05-01") - dayOf("1988-01-01"));
      const group = head === null ? `EG ${random.int(12, 14)}` : `EG ${random.int(5, 11)}`;
      const hours = random.chance(0.2) ? random.pick([20, 25, 30]) : 39;
      rows.push([id, person.first, person.last, department.code, isoDate(joined), head, hours, group]);
      staff.push({ id, department: department.code });
      head ??= id;
    }
  }
  insertRows(
    db,
    "Mitarbeiter",
    ["personalnummer", "Vorname", "Nachname", "Abteilung", "Eintrittsdatum", "Vorgesetzter", "Wochenstunden", "Gehaltsgruppe"],
    rows,
  );
  return staff;
}

/** Billing addresses: most customers live where they are supplied; owners of holiday flats and let houses do not. */
function customerTown(random: Random, towns: readonly TownRow[], business: boolean): TownRow {
  const supplied = towns.filter((town) => town.supplied);
  if (business || random.chance(0.86)) return pickWeighted(random, supplied, (town) => town.population);
  const country = pickWeighted(random, ["DE", "AT", "CH", "ES", "IT"] as const, (code) => ({ DE: 55, AT: 16, CH: 14, ES: 10, IT: 5 })[code]);
  return pickWeighted(
    random,
    towns.filter((town) => !town.supplied && town.country === country),
    (town) => Math.sqrt(town.population),
  );
}

function streetIn(random: Random, town: Town): string {
  if (town.country === "ES") return random.pick(["Calle Mayor", "Avenida del Mar", "Calle San Miguel", "Paseo Marítimo"]);
  if (town.country === "IT") return random.pick(["Via Roma", "Via Dante", "Corso Italia", "Via Museo"]);
  return random.pick(STREETS);
}

function insertCustomers(db: Database, random: Random, towns: readonly TownRow[], usedNames: Set<string>): Customer[] {
  const customers: Customer[] = [];
  const rows: Row[] = [];
  const usedFirms = new Set<string>();
  for (let id = 10001; customers.length < CUSTOMER_COUNT; id++) {
    const business = random.chance(0.13);
    const town = customerTown(random, towns, business);
    const firstSignUp = dayOf("1998-01-01") + random.int(0, REFERENCE_DAY - 60 - dayOf("1998-01-01"));
    const street = streetIn(random, town);
    const house = houseNumber(random);
    const consent = random.chance(0.35) ? 1 : 0;
    const rating = random.chance(0.8) ? "A" : random.chance(0.75) ? "B" : "C";
    if (business) {
      const drawFirm = () => `${random.pick(BUSINESS_KINDS)} ${random.pick(LAST_NAMES)} ${random.pick(LEGAL_FORMS)}`.trim();
      let firm = drawFirm();
      while (usedFirms.has(firm)) firm = drawFirm();
      usedFirms.add(firm);
      const email = random.chance(0.85)
        ? `info@${foldToAscii(firm.split(" ")[1]!)
            .toLowerCase()
            .replace(/[^a-z]/g, "")}-${id % 997}.de`
        : null;
      rows.push([id, "Firma", null, null, firm, "G", foldToAscii(street), house, town.id, null, email, isoDate(firstSignUp), consent, rating]);
      customers.push({ id, business, town, since: firstSignUp, street, house });
    } else {
      const person = distinctPerson(random, usedNames);
      const birth = dayOf("1935-01-01") + random.int(0, dayOf("2005-12-31") - dayOf("1935-01-01"));
      const email = random.chance(0.7) ? emailAddress(person.first, person.last, random) : null;
      // Nobody signs a contract before coming of age.
      const since = Math.max(firstSignUp, birth + 18 * 366);
      rows.push([
        id,
        person.female ? "Frau" : "Herr",
        person.first,
        person.last,
        null,
        "P",
        foldToAscii(street),
        house,
        town.id,
        isoDate(birth),
        email,
        isoDate(since),
        consent,
        rating,
      ]);
      customers.push({ id, business, town, since, street, house });
    }
  }
  insertRows(
    db,
    "Kunden",
    [
      "Kundennummer",
      "Anrede",
      "Vorname",
      "Nachname",
      "Firmenname",
      "Kundentyp",
      "Strasse",
      "Hausnummer",
      "stadt_id",
      "Geburtsdatum",
      "EMail",
      "kunde_seit",
      "Werbeeinwilligung",
      "Bonitaet",
    ],
    rows,
  );
  return customers;
}

/** Whether the utility offers a tariff in a town: its own water and district heating networks, and gas, reach only some. */
function offeredIn(tariff: TariffSpec, town: Town): boolean {
  if (!town.supplied) return false;
  if (tariff.onlyIn) return tariff.onlyIn.includes(town.name);
  if (tariff.division === "Wasser") return WATER_TOWNS.has(town.name);
  if (tariff.division === "Gas") return !NO_GAS_TOWNS.has(town.name);
  return true;
}

function insertTariffs(db: Database, random: Random, towns: readonly TownRow[]): (TariffSpec & { id: number })[] {
  const tariffs = TARIFFS.map((tariff, index) => ({ ...tariff, id: index + 1 }));
  insertRows(
    db,
    "Tarife",
    ["tarif_id", "Tarifname", "Sparte", "Grundpreis", "Arbeitspreis", "Durchschnittspreis", "oeko", "nur_Gewerbe", "gueltig_ab", "gueltig_bis"],
    tariffs.map((tariff) => [
      tariff.id,
      tariff.name,
      tariff.division,
      tariff.basePerMonth,
      tariff.centsPerUnit,
      cents(tariff.centsPerUnit + (tariff.basePerMonth * 12 * 100) / tariff.typicalUse),
      tariff.green ? 1 : 0,
      tariff.forBusiness ? 1 : 0,
      tariff.validFrom,
      tariff.validUntil,
    ]),
  );
  // One network charge per division and town, shared by that division's tariffs there.
  const charges = new Map<string, number>();
  const rows: Row[] = [];
  for (const tariff of tariffs) {
    for (const town of towns) {
      if (!offeredIn(tariff, town)) continue;
      const key = `${tariff.division} ${town.id}`;
      if (!charges.has(key)) charges.set(key, cents(tariff.centsPerUnit * (0.22 + random.next() * 0.12)));
      rows.push([tariff.id, town.id, charges.get(key)!]);
    }
  }
  insertRows(db, "Tarifgebiete", ["tarif_id", "stadt_id", "Netzentgelt"], rows);
  return tariffs;
}

function insertSupplyPoints(db: Database, random: Random, towns: readonly TownRow[], customers: readonly Customer[]): Map<Customer, SupplyPoint[]> {
  const supplied = towns.filter((town) => town.supplied);
  const byCustomer = new Map<Customer, SupplyPoint[]>();
  const rows: Row[] = [];
  let nextId = 1;
  for (const customer of customers) {
    const local = customer.town.supplied;
    const count = customer.business ? (random.chance(0.15) ? 2 : 1) : local ? (random.chance(0.07) ? 2 : 1) : random.chance(0.2) ? 2 : 1;
    const points: SupplyPoint[] = [];
    for (let index = 0; index < count; index++) {
      const town = index === 0 && local ? customer.town : pickWeighted(random, supplied, (candidate) => Math.sqrt(candidate.population));
      const kind = customer.business
        ? "Gewerbe"
        : local && index === 0
          ? random.pick(BUILDING_KINDS)
          : random.pick(["Wohnung", "Wohnung", "Einfamilienhaus", "Mehrfamilienhaus"]);
      const area =
        kind === "Gewerbe" ? null : kind === "Wohnung" ? random.int(38, 110) : kind === "Mehrfamilienhaus" ? random.int(240, 780) : random.int(95, 210);
      const built = Math.min(2024, Math.round(1890 + random.bell() * 150));
      const point = { id: nextId++, town, area, business: customer.business };
      const home = index === 0 && local;
      rows.push([point.id, home ? customer.street : random.pick(STREETS), home ? customer.house : houseNumber(random), town.id, kind, area, built]);
      points.push(point);
    }
    byCustomer.set(customer, points);
  }
  insertRows(db, "Verbrauchsstellen", ["verbrauchsstelle_id", '"Straße"', "Hausnummer", "stadt_id", '"Gebäudeart"', '"Wohnfläche"', "Baujahr"], rows);
  return byCustomer;
}

/** The divisions a supply point takes: always electricity; heating by gas or district heat; water where the utility has a network. */
function divisionsFor(random: Random, point: SupplyPoint): Division[] {
  const divisions: Division[] = ["Strom"];
  const heat = TARIFFS.find((tariff) => tariff.division === "Fernwaerme")!;
  // District heat has no business tariff.
  if (!point.business && offeredIn(heat, point.town) && random.chance(0.3)) divisions.push("Fernwaerme");
  else if (!NO_GAS_TOWNS.has(point.town.name) && random.chance(0.55)) divisions.push("Gas");
  if (WATER_TOWNS.has(point.town.name) && random.chance(0.85)) divisions.push("Wasser");
  return divisions;
}

function tariffChoices(tariffs: readonly (TariffSpec & { id: number })[], division: Division, point: SupplyPoint, day: number) {
  return tariffs.filter(
    (tariff) =>
      tariff.division === division &&
      tariff.forBusiness === point.business &&
      offeredIn(tariff, point.town) &&
      dayOf(tariff.validFrom) <= day &&
      (tariff.validUntil === null || dayOf(tariff.validUntil) >= day),
  );
}

/** Expected yearly use of a division at a supply point (kWh, or m³ of water). */
function yearlyUse(random: Random, division: Division, point: SupplyPoint, tariff: TariffSpec): number {
  const area = point.area ?? 400;
  const scale = point.business ? 4 : 1;
  switch (division) {
    case "Strom":
      return Math.round((1100 + area * 14 + (tariff.name.includes("Wärmepumpe") ? 3800 : 0)) * scale * (0.7 + random.next() * 0.6));
    case "Gas":
      return Math.round(area * 125 * scale * (0.7 + random.next() * 0.6));
    case "Fernwaerme":
      return Math.round(area * 95 * scale * (0.7 + random.next() * 0.6));
    case "Wasser":
      return Math.round((area / 38) * 44 * scale * (0.7 + random.next() * 0.6));
  }
}

interface ContractsAndUse {
  contracts: Contract[];
  /** Yearly use per supply point and division, so readings and bills agree. */
  use: Map<string, number>;
}

function insertContracts(
  db: Database,
  random: Random,
  tariffs: readonly (TariffSpec & { id: number })[],
  pointsByCustomer: Map<Customer, SupplyPoint[]>,
): ContractsAndUse {
  const contracts: Contract[] = [];
  const use = new Map<string, number>();
  const rows: Row[] = [];
  let nextId = 500001;
  const channels = ["Kundencenter", "Online", "Telefon", "Vergleichsportal"];
  for (const [customer, points] of pointsByCustomer) {
    for (const point of points) {
      for (const division of divisionsFor(random, point)) {
        let start = customer.since + random.int(0, 120);
        if (start > REFERENCE_DAY - 30) start = REFERENCE_DAY - 30;
        // A quarter changed tariff once: the earlier contract ended the day before the current one began. Only where
        // another tariff was on offer on the day of the change (water and business gas have one each).
        const segments: { start: number; end: number | null; status: string; reason: string | null }[] = [];
        if (random.chance(0.25) && start < REFERENCE_DAY - 900) {
          const change = start + random.int(365, REFERENCE_DAY - start - 400);
          if (tariffChoices(tariffs, division, point, change).length > 1) {
            segments.push({ start, end: change - 1, status: "beendet", reason: "Tarifwechsel" });
            start = change;
          }
        }
        const fate = random.next();
        if (fate < 0.81) segments.push({ start, end: null, status: "aktiv", reason: null });
        else if (fate < 0.9)
          segments.push({ start, end: REFERENCE_DAY + random.int(31, 180), status: "gekuendigt", reason: random.pick(CANCELLATION_REASONS) });
        else {
          const end = Math.min(REFERENCE_DAY - 1, start + random.int(200, Math.max(201, REFERENCE_DAY - start)));
          segments.push({
            start,
            end,
            status: "beendet",
            reason: random.pick(CANCELLATION_REASONS.filter((reason) => customer.business || reason !== "Geschäftsaufgabe")),
          });
        }
        let previous: TariffSpec | null = null;
        for (const segment of segments) {
          // The tariff is one on offer on the first day, not the one changed from; before a tariff existed the oldest
          // one of the division stands in.
          const onOffer = tariffChoices(tariffs, division, point, segment.start).filter((choice) => choice !== previous);
          const fallback = tariffChoices(tariffs, division, point, dayOf("2019-06-01"));
          const tariff = onOffer.length > 0 ? pickWeighted(random, onOffer, (choice) => (choice.name.includes("Grundversorgung") ? 0.4 : 1)) : fallback[0]!;
          previous = tariff;
          const begin = Math.max(segment.start, dayOf(tariff.validFrom));
          const end = segment.end === null ? null : Math.max(segment.end, begin + 30);
          const key = `${point.id} ${division}`;
          if (!use.has(key)) use.set(key, yearlyUse(random, division, point, tariff));
          const monthly = Math.round(tariff.basePerMonth + (use.get(key)! * tariff.centsPerUnit) / 100 / 12);
          const channel = begin < dayOf("2008-01-01") ? "Kundencenter" : random.pick(channels);
          const contract = { id: nextId++, customer, tariff, point, start: begin, end, channel };
          contracts.push(contract);
          rows.push([
            contract.id,
            customer.id,
            tariff.id,
            point.id,
            isoDate(begin),
            end === null ? null : isoDate(end),
            segment.status,
            segment.reason,
            monthly,
            channel,
          ]);
        }
      }
    }
  }
  insertRows(
    db,
    '"Verträge"',
    [
      "VertragsNr",
      "Kundennummer",
      "tarif_id",
      "verbrauchsstelle_id",
      "VertragsBeginn",
      "ende_datum",
      "Status",
      "Kuendigungsgrund",
      "AbschlagMonatlich",
      "vertriebskanal",
    ],
    rows,
  );
  return { contracts, use };
}

function meterNumber(division: Division, serial: number): string {
  const digits = String(serial).padStart(7, "0");
  return { Strom: `1EBZ${digits}`, Gas: `G4-${digits}`, Wasser: `WZ-${digits}`, Fernwaerme: `WMZ-${digits}` }[division];
}

function insertMetersAndReadings(
  db: Database,
  random: Random,
  contracts: readonly Contract[],
  use: Map<string, number>,
  staff: readonly Staff[],
): Map<string, Meter> {
  const meters = new Map<string, Meter>();
  const meterRows: Row[] = [];
  const readingRows: Row[] = [];
  const readers = staff.filter((member) => member.department === "MS");
  let serial = 3100417;
  let readingId = 1;
  for (const contract of contracts) {
    const key = `${contract.point.id} ${contract.tariff.division}`;
    if (meters.has(key)) continue;
    const division = contract.tariff.division;
    const calibration = CALIBRATION_YEARS[division];
    // Meters are exchanged when their calibration runs out, so most were installed within the last period; a few are overdue.
    const installedYear = 2025 - random.int(1, calibration) - (random.chance(0.04) ? calibration : 0);
    const installed = Math.max(contract.start, dayOf(`${installedYear}-01-01`) + random.int(0, 364));
    const smart = division === "Strom" && random.chance(contract.point.business ? 0.6 : 0.2);
    const meter = { number: meterNumber(division, serial), point: contract.point, division, smart };
    serial += random.int(1, 40);
    meters.set(key, meter);
    const installedOn = isoDate(Math.min(installed, REFERENCE_DAY - 10));
    meterRows.push([
      meter.number,
      contract.point.id,
      METER_KIND[division],
      random.pick(METER_MAKERS[METER_KIND[division]]!),
      installedOn,
      Number(installedOn.slice(0, 4)) + calibration,
      smart ? 1 : 0,
    ]);
    // One reading at each turn of the year from 2021/22 on, while the meter was in.
    let reading = random.int(0, 40000) / (division === "Wasser" ? 40 : 1);
    for (const year of [2022, 2023, 2024]) {
      const day = dayOf(`${year}-12-20`) + random.int(0, 25);
      if (day < dayOf(installedOn) + 60) continue;
      reading = Math.round((reading + use.get(key)! * (0.85 + random.next() * 0.3)) * 10) / 10;
      const method = smart ? "FA" : random.chance(0.55) ? "SA" : random.chance(0.67) ? "AB" : "GS";
      const reader = method === "AB" ? random.pick(readers).id : null;
      readingRows.push([readingId++, meter.number, isoDate(day), reading, method, reader, random.chance(0.03) ? 0 : 1]);
    }
  }
  insertRows(db, '"Zähler"', ["Zaehlernummer", "verbrauchsstelle_id", "Zaehlerart", "Hersteller", "Einbaudatum", "Eichfrist_bis", "SmartMeter"], meterRows);
  insertRows(db, "Ablesungen", ["ablesung_id", "Zaehlernummer", "Ablesedatum", "Zaehlerstand", "Ableseart", "abgelesen_von", "plausibel"], readingRows);
  return meters;
}

function insertBills(db: Database, random: Random, contracts: readonly Contract[], use: Map<string, number>, meters: Map<string, Meter>): void {
  const bills: Row[] = [];
  const lines: Row[] = [];
  const payments: Row[] = [];
  let billId = 2300001;
  let paymentId = 1;
  for (const year of BILLED_YEARS) {
    for (const contract of contracts) {
      const from = Math.max(contract.start, dayOf(`${year}-01-01`));
      const to = Math.min(contract.end ?? Infinity, dayOf(`${year}-12-31`));
      if (to < from) continue;
      const division = contract.tariff.division;
      const key = `${contract.point.id} ${division}`;
      const share = (to - from + 1) / 365;
      const consumption = Math.round(use.get(key)! * share * (0.85 + random.next() * 0.3));
      const months = Math.max(1, Math.round(share * 12));
      const items: [string, number, string, number][] = [
        ["Grundpreis", months, "Monate", contract.tariff.basePerMonth],
        ["Arbeitspreis", consumption, UNIT[division], contract.tariff.centsPerUnit / 100],
      ];
      if (division === "Strom" || division === "Gas") {
        items.push(["Messstellenbetrieb", cents(share), "Jahr", meters.get(key)!.smart ? 50 : division === "Gas" ? 18 : 20]);
      }
      if (contract.start >= dayOf(`${year}-01-01`) && (contract.channel === "Online" || contract.channel === "Vergleichsportal"))
        items.push(["Neukundenbonus", 1, "Jahr", -random.pick([50, 75, 100])]);
      const id = billId++;
      let net = 0;
      items.forEach(([label, quantity, unit, price], index) => {
        const amount = cents(quantity * price);
        net += amount;
        lines.push([id, index + 1, label, quantity, unit, price, amount]);
      });
      net = cents(net);
      const vat = vatPercent(division, year);
      const gross = cents(net * (1 + vat / 100));
      const billed = (contract.end !== null && contract.end < dayOf(`${year}-12-31`) ? to : dayOf(`${year + 1}-01-01`)) + random.int(8, 55);
      const due = billed + 14;
      const recent = billed > REFERENCE_DAY - 40;
      const fate = random.next();
      const status = fate < 0.015 ? "storniert" : recent && fate < 0.6 ? "offen" : fate < 0.045 ? "gemahnt" : fate < 0.06 ? "offen" : "bezahlt";
      bills.push([id, contract.id, isoDate(billed), isoDate(from), isoDate(to), consumption, net, vat, gross, status, isoDate(due)]);
      const method = random.chance(0.7) ? "LS" : random.chance(0.9) ? "UEB" : "BAR";
      if (status === "bezahlt") payments.push([paymentId++, id, isoDate(Math.min(REFERENCE_DAY, due + random.int(-10, 12))), gross, method]);
      if (status === "gemahnt" && random.chance(0.5))
        payments.push([paymentId++, id, isoDate(Math.min(REFERENCE_DAY, due + random.int(20, 60))), cents(gross * random.pick([0.25, 0.5])), method]);
    }
  }
  insertRows(
    db,
    "Rechnungen",
    [
      "RechnungsNr",
      "VertragsNr",
      "Rechnungsdatum",
      "Zeitraum_von",
      "Zeitraum_bis",
      "Verbrauch",
      "Nettobetrag",
      "MwStSatz",
      "Bruttobetrag",
      "Zahlungsstatus",
      "faellig_am",
    ],
    bills,
  );
  insertRows(db, "Rechnungspositionen", ["RechnungsNr", "Pos", "Bezeichnung", "Menge", "Einheit", "Einzelpreis", "Betrag"], lines);
  insertRows(db, "Zahlungen", ["zahlung_id", "RechnungsNr", "Zahlungsdatum", "Betrag", "Zahlungsart"], payments);
}

function insertOutages(db: Database, random: Random, contracts: readonly Contract[], staff: readonly Staff[]): void {
  const rows: Row[] = [];
  const first = dayOf("2022-01-01");
  const technicians = (department: string) => staff.filter((member) => member.department === department);
  for (let id = 1; id <= OUTAGE_COUNT; id++) {
    const contract = random.pick(contracts);
    const division = contract.tariff.division;
    const minute = (first + random.int(0, REFERENCE_DAY - first)) * MINUTES_PER_DAY + random.int(0, MINUTES_PER_DAY - 1);
    const cause = random.pick(OUTAGE_CAUSES[division]);
    const urgent = cause.includes("Gas") || cause === "Leck an der Leitung" || cause === "Rohrbruch" || cause.includes("Umspannwerk");
    const priority = urgent ? "hoch" : random.chance(0.5) ? "mittel" : "niedrig";
    // Reports of the last two weeks may still be open; older ones were all fixed.
    const open = minute > (REFERENCE_DAY - 14) * MINUTES_PER_DAY && random.chance(0.6);
    const duration = open ? null : Math.max(10, Math.round(random.exponential(urgent ? 110 : 240)));
    const team = cause === "Zählerdefekt" ? "MS" : cause === "Hausanschluss defekt" || cause === "Übergabestation defekt" ? "AN" : "NB";
    rows.push([
      id,
      contract.point.id,
      division,
      isoDateTime(minute),
      duration === null ? null : isoDateTime(minute + duration),
      cause,
      duration,
      priority,
      random.pick(technicians(team)).id,
    ]);
  }
  insertRows(
    db,
    '"Störungsmeldungen"',
    ["MeldungsNr", "verbrauchsstelle_id", "Sparte", "gemeldet_am", "behoben_am", "Ursache", "Ausfalldauer_Minuten", "Prioritaet", "bearbeitet_von"],
    rows,
  );
}

/** Creates the schema and fills every table of an empty database. */
export function buildGermanDatabase(db: Database, random: Random): void {
  db.run(GERMAN_SCHEMA);
  const usedNames = new Set<string>();
  const towns = insertTowns(db);
  const staff = insertStaff(db, random, towns, usedNames);
  const customers = insertCustomers(db, random, towns, usedNames);
  const tariffs = insertTariffs(db, random, towns);
  const points = insertSupplyPoints(db, random, towns, customers);
  const { contracts, use } = insertContracts(db, random, tariffs, points);
  const meters = insertMetersAndReadings(db, random, contracts, use, staff);
  insertBills(db, random, contracts, use, meters);
  insertOutages(db, random, contracts, staff);
}

// The health-insurance domain: insurers, their plans and provider networks, members, claims with their lines and procedure codes.
import type { Database } from "sql.js";
import { FIRST_NAMES, LAST_NAMES } from "../../sample-data/people";
import { cents, dayOf, insertRows, isoDate, type Random, type Row } from "../../sample-data/sample-kit";
import { personName, type WarehouseDomain } from "./domain";

// prettier-ignore
const INSURERS: readonly (readonly [string, string])[] = [
  ["Cascade Health Mutual", "OR"], ["Evergreen Benefit Co", "WA"], ["Hoosier Health Alliance", "IN"], ["Pine Tree Assurance", "ME"],
  ["Buckeye Care", "OH"], ["Lone Star Medical", "TX"], ["Golden Bear Health", "CA"], ["Sooner Health Plan", "OK"],
];
const TIERS: readonly (readonly [string, number, number])[] = [
  ["Bronze", 320, 7000],
  ["Silver", 430, 4500],
  ["Gold", 560, 1500],
  ["Platinum", 690, 250],
];
const SPECIALTIES = [
  "Family Medicine",
  "Pediatrics",
  "Cardiology",
  "Dermatology",
  "Orthopedics",
  "Radiology",
  "Physical Therapy",
  "Urgent Care",
  "Obstetrics",
  "Psychiatry",
];
/** [code, description, category, typical amount]. */
// prettier-ignore
const PROCEDURES: readonly (readonly [string, string, string, number])[] = [
  ["P1001", "Office visit, new patient", "Evaluation", 180], ["P1002", "Office visit, established patient", "Evaluation", 120],
  ["P1003", "Emergency department visit", "Evaluation", 950], ["P1004", "Telehealth consultation", "Evaluation", 90],
  ["P2001", "Chest X-ray", "Imaging", 210], ["P2002", "MRI of the knee", "Imaging", 1400], ["P2003", "CT scan of the head", "Imaging", 1100],
  ["P2004", "Ultrasound, abdomen", "Imaging", 420], ["P3001", "Complete blood count", "Laboratory", 45], ["P3002", "Lipid panel", "Laboratory", 60],
  ["P3003", "Hemoglobin A1c", "Laboratory", 40], ["P3004", "Urinalysis", "Laboratory", 25], ["P4001", "Flu vaccine", "Preventive", 35],
  ["P4002", "Annual wellness exam", "Preventive", 220], ["P4003", "Screening mammogram", "Preventive", 260], ["P5001", "Physical therapy session", "Therapy", 140],
  ["P5002", "Psychotherapy, 60 minutes", "Therapy", 170], ["P6001", "Knee arthroscopy", "Surgery", 5200], ["P6002", "Skin lesion removal", "Surgery", 480],
  ["P6003", "Cataract surgery", "Surgery", 3900], ["P7001", "Electrocardiogram", "Cardiology", 95], ["P7002", "Cardiac stress test", "Cardiology", 680],
];
const STATUSES: readonly (readonly [string, number])[] = [
  ["PAID", 70],
  ["DENIED", 10],
  ["PEND", 12],
  ["APPEAL", 4],
  ["VOID", 4],
];

function build(db: Database, random: Random): void {
  db.run(`CREATE TABLE insurers (
  insurer_id INTEGER PRIMARY KEY,
  insurer_name TEXT NOT NULL UNIQUE,
  hq_state TEXT NOT NULL REFERENCES us_states(state_code) -- State of the head office
)`);
  insertRows(
    db,
    "insurers",
    ["insurer_id", "insurer_name", "hq_state"],
    INSURERS.map(([name, state], index) => [index + 1, name, state]),
  );

  db.run(`CREATE TABLE insurance_plans (
  plan_id INTEGER PRIMARY KEY,
  insurer_id INTEGER NOT NULL REFERENCES insurers(insurer_id),
  plan_name TEXT NOT NULL,
  metal_tier TEXT NOT NULL, -- 'Bronze', 'Silver', 'Gold' or 'Platinum'
  monthly_premium REAL NOT NULL, -- USD per member per month
  deductible_amt INTEGER NOT NULL -- Yearly deductible, USD
)`);
  const plans: Row[] = [];
  INSURERS.forEach(([name], index) => {
    for (const [tier, premium, deductible] of TIERS) {
      if (random.chance(0.15) && tier === "Platinum") continue;
      plans.push([
        plans.length + 1,
        index + 1,
        `${name.split(" ")[0]} ${tier} ${random.pick(["PPO", "HMO", "EPO"])}`,
        tier,
        cents(premium * (0.85 + random.next() * 0.3)),
        Math.round((deductible * (0.8 + random.next() * 0.4)) / 50) * 50,
      ]);
    }
  });
  insertRows(db, "insurance_plans", ["plan_id", "insurer_id", "plan_name", "metal_tier", "monthly_premium", "deductible_amt"], plans);

  db.run(`CREATE TABLE providers (
  provider_id INTEGER PRIMARY KEY,
  npi TEXT NOT NULL UNIQUE, -- National Provider Identifier
  provider_name TEXT NOT NULL,
  specialty TEXT NOT NULL,
  state TEXT NOT NULL REFERENCES us_states(state_code)
)`);
  const providers: Row[] = [];
  for (let id = 1; id <= 280; id++) {
    const name = personName(random, FIRST_NAMES, LAST_NAMES);
    const specialty = random.pick(SPECIALTIES);
    const display = random.chance(0.25) ? `${name.last} ${specialty} Group` : `Dr. ${name.first} ${name.last}`;
    providers.push([id, String(1000000000 + id * 7919), display, specialty, random.pick(INSURERS)[1]]);
  }
  insertRows(db, "providers", ["provider_id", "npi", "provider_name", "specialty", "state"], providers);

  db.run(`CREATE TABLE plan_networks (
  plan_id INTEGER NOT NULL REFERENCES insurance_plans(plan_id),
  provider_id INTEGER NOT NULL REFERENCES providers(provider_id),
  PRIMARY KEY (plan_id, provider_id)
) WITHOUT ROWID`);
  const networks: Row[] = [];
  for (const plan of plans) {
    for (const provider of providers) if (random.chance(0.12)) networks.push([plan[0]!, provider[0]!]);
  }
  insertRows(db, "plan_networks", ["plan_id", "provider_id"], networks);

  db.run(`CREATE TABLE members (
  member_id INTEGER PRIMARY KEY,
  plan_id INTEGER NOT NULL REFERENCES insurance_plans(plan_id),
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  dob TEXT NOT NULL,
  state TEXT NOT NULL REFERENCES us_states(state_code),
  enrolled_on TEXT NOT NULL,
  smoker_flag TEXT NOT NULL -- 'Y' or 'N'
)`);
  const members: Row[] = [];
  for (let id = 1; id <= 1300; id++) {
    const plan = plans[random.skewedIndex(plans.length, 1.1)]!;
    const name = personName(random, FIRST_NAMES, LAST_NAMES);
    const state = random.chance(0.85) ? INSURERS[(plan[1] as number) - 1]![1] : random.pick(INSURERS)[1];
    members.push([
      id,
      plan[0]!,
      name.first,
      name.last,
      isoDate(dayOf("1945-01-01") + random.int(0, 75 * 365)),
      state,
      isoDate(dayOf("2019-01-01") + random.int(0, 6 * 365)),
      random.chance(0.14) ? "Y" : "N",
    ]);
  }
  insertRows(db, "members", ["member_id", "plan_id", "first_name", "last_name", "dob", "state", "enrolled_on", "smoker_flag"], members);

  db.run(`CREATE TABLE procedure_codes (
  proc_code TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  category TEXT NOT NULL
)`);
  insertRows(
    db,
    "procedure_codes",
    ["proc_code", "description", "category"],
    PROCEDURES.map(([code, description, category]) => [code, description, category]),
  );

  db.run(`CREATE TABLE claims (
  claim_id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(member_id),
  provider_id INTEGER NOT NULL REFERENCES providers(provider_id),
  service_date TEXT NOT NULL,
  billed_amt REAL NOT NULL, -- What the provider charged, USD
  allowed_amt REAL, -- What the plan recognises; NULL until adjudicated
  paid_amt REAL, -- What the insurer paid; NULL unless paid
  claim_status TEXT NOT NULL -- 'PAID', 'DENIED', 'PEND' (pending), 'APPEAL' or 'VOID'
)`);
  db.run(`CREATE TABLE claim_lines (
  claim_id INTEGER NOT NULL REFERENCES claims(claim_id),
  line_no INTEGER NOT NULL,
  proc_code TEXT NOT NULL REFERENCES procedure_codes(proc_code),
  units INTEGER NOT NULL,
  line_amt REAL NOT NULL,
  PRIMARY KEY (claim_id, line_no)
) WITHOUT ROWID`);
  const claims: Row[] = [];
  const lines: Row[] = [];
  for (let id = 1; id <= 1700; id++) {
    const member = members[random.skewedIndex(members.length, 1.2)]!;
    const provider = providers[random.int(0, providers.length - 1)]!;
    const count = 1 + random.skewedIndex(3, 2);
    let billed = 0;
    for (let line = 1; line <= count; line++) {
      const procedure = PROCEDURES[random.skewedIndex(PROCEDURES.length, 1.4)]!;
      const units = procedure[2] === "Therapy" ? random.int(1, 4) : 1;
      const amount = cents(procedure[3] * units * (0.8 + random.next() * 0.5));
      billed += amount;
      lines.push([id, line, procedure[0], units, amount]);
    }
    const status = random.pick(STATUSES.flatMap(([code, weight]) => Array<string>(weight).fill(code)));
    const allowed = status === "PEND" ? null : cents(billed * (0.45 + random.next() * 0.35));
    const paid = status === "PAID" ? cents(allowed! * (0.6 + random.next() * 0.4)) : null;
    claims.push([id, member[0]!, provider[0]!, isoDate(dayOf("2024-01-01") + random.int(0, 540)), cents(billed), allowed, paid, status]);
  }
  insertRows(db, "claims", ["claim_id", "member_id", "provider_id", "service_date", "billed_amt", "allowed_amt", "paid_amt", "claim_status"], claims);
  insertRows(db, "claim_lines", ["claim_id", "line_no", "proc_code", "units", "line_amt"], lines);
}

export const INSURANCE_DOMAIN: WarehouseDomain = { id: "insurance", seed: 1501, build };

// The HR and payroll domain: departments, job titles, staff with their managers, salary history, payroll runs and payslips, leave and training.
import type { Database } from "sql.js";
import { FIRST_NAMES, LAST_NAMES } from "../../sample-data/people";
import { cents, dayOf, insertRows, isoDate, type Random, type Row } from "../../sample-data/sample-kit";
import { personName, type WarehouseDomain } from "./domain";

/** [dept_no, name, location, country]. */
// prettier-ignore
const DEPARTMENTS: readonly (readonly [string, string, string, string])[] = [
  ["D01", "Executive Office", "Chicago", "US"], ["D02", "Finance", "Chicago", "US"], ["D03", "Human Resources", "Chicago", "US"],
  ["D04", "Engineering", "Austin", "US"], ["D05", "Data Platform", "Dublin", "IE"], ["D06", "Sales EMEA", "Madrid", "ES"],
  ["D07", "Sales Americas", "New York", "US"], ["D08", "Marketing", "Milan", "IT"], ["D09", "Customer Support", "Lisbon", "PT"],
  ["D10", "Legal", "Chicago", "US"], ["D11", "Facilities", "Austin", "US"], ["D12", "Research", "Munich", "DE"],
];
/** [job_code, title, min, max, departments it exists in]. */
// prettier-ignore
const JOBS: readonly (readonly [string, string, number, number, readonly string[]])[] = [
  ["EX1", "Chief Executive Officer", 250000, 420000, ["D01"]], ["EX2", "Executive Assistant", 55000, 80000, ["D01"]],
  ["FN1", "Accountant", 60000, 90000, ["D02"]], ["FN2", "Financial Analyst", 70000, 110000, ["D02"]], ["FN3", "Finance Manager", 110000, 160000, ["D02"]],
  ["HR1", "HR Generalist", 52000, 78000, ["D03"]], ["HR2", "Recruiter", 55000, 85000, ["D03"]], ["HR3", "Payroll Specialist", 50000, 75000, ["D03"]],
  ["EN1", "Software Engineer", 95000, 150000, ["D04", "D05", "D12"]], ["EN2", "Senior Software Engineer", 135000, 190000, ["D04", "D05", "D12"]],
  ["EN3", "Engineering Manager", 160000, 220000, ["D04", "D05"]], ["DS1", "Data Scientist", 105000, 165000, ["D05", "D12"]],
  ["SL1", "Account Executive", 60000, 120000, ["D06", "D07"]], ["SL2", "Sales Manager", 100000, 160000, ["D06", "D07"]],
  ["MK1", "Marketing Specialist", 50000, 82000, ["D08"]], ["MK2", "Brand Manager", 80000, 120000, ["D08"]],
  ["CS1", "Support Agent", 36000, 52000, ["D09"]], ["CS2", "Support Team Lead", 50000, 70000, ["D09"]],
  ["LG1", "Counsel", 130000, 200000, ["D10"]], ["FC1", "Facilities Technician", 42000, 62000, ["D11"]], ["RS1", "Research Scientist", 110000, 175000, ["D12"]],
];
const LEAVE_TYPES: readonly (readonly [string, number])[] = [
  ["AN", 55],
  ["SK", 25],
  ["PA", 6],
  ["UN", 6],
  ["ST", 8],
];
// prettier-ignore
const TRAININGS: readonly (readonly [string, string, number])[] = [
  ["Information Security Basics", "Internal", 2], ["Data Privacy and GDPR", "Internal", 3], ["Leading Teams", "Harvard ManageMentor", 16],
  ["Advanced SQL", "DataCamp", 12], ["Negotiation Skills", "Sandler", 8], ["First Aid at Work", "Red Cross", 6],
  ["Anti-Harassment", "Internal", 2], ["Public Speaking", "Toastmasters", 10], ["Cloud Fundamentals", "AWS", 14],
  ["Project Management Essentials", "PMI", 20], ["Spanish for Business", "Berlitz", 30], ["Excel for Finance", "Coursera", 9],
];

function build(db: Database, random: Random): void {
  db.run(`CREATE TABLE dept (
  dept_no TEXT PRIMARY KEY,
  dept_name TEXT NOT NULL,
  location TEXT NOT NULL, -- Office city
  country_code TEXT NOT NULL REFERENCES countries(iso2)
)`);
  insertRows(db, "dept", ["dept_no", "dept_name", "location", "country_code"], DEPARTMENTS);

  db.run(`CREATE TABLE job_titles (
  job_code TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  min_salary INTEGER NOT NULL, -- Bottom of the pay band, USD per year
  max_salary INTEGER NOT NULL
)`);
  insertRows(
    db,
    "job_titles",
    ["job_code", "title", "min_salary", "max_salary"],
    JOBS.map(([code, title, low, high]) => [code, title, low, high]),
  );

  db.run(`CREATE TABLE staff (
  emp_no INTEGER PRIMARY KEY,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  dept_no TEXT NOT NULL REFERENCES dept(dept_no),
  job_code TEXT NOT NULL REFERENCES job_titles(job_code),
  hire_dt TEXT NOT NULL,
  term_dt TEXT, -- Last day of employment; NULL while employed
  mgr_emp_no INTEGER REFERENCES staff(emp_no),
  work_email TEXT
)`);
  db.run(`CREATE TABLE salaries (
  emp_no INTEGER NOT NULL REFERENCES staff(emp_no),
  from_date TEXT NOT NULL,
  to_date TEXT, -- NULL for the current salary
  salary_amt INTEGER NOT NULL, -- Annual base salary, USD
  PRIMARY KEY (emp_no, from_date)
) WITHOUT ROWID`);
  const staff: Row[] = [];
  const salaries: Row[] = [];
  const currentSalary = new Map<number, number>();
  const managerOf = new Map<string, number>();
  const emails = new Set<string>();
  // Managers first (one per department), so every mgr_emp_no points at an earlier row.
  const order = [
    ...DEPARTMENTS.map(([dept]) => ({ dept, manager: true })),
    ...Array.from({ length: 340 }, () => ({ dept: DEPARTMENTS[random.skewedIndex(DEPARTMENTS.length, 0.9)]![0], manager: false })),
  ];
  for (const { dept, manager } of order) {
    const empNo = 10001 + staff.length;
    const jobs = JOBS.filter((job) => job[4].includes(dept));
    const job = manager ? jobs.reduce((best, candidate) => (candidate[3] > best[3] ? candidate : best)) : jobs[random.skewedIndex(jobs.length, 1.2)]!;
    const name = personName(random, FIRST_NAMES, LAST_NAMES);
    const hired = dayOf(manager ? "2008-01-01" : "2012-01-01") + random.int(0, manager ? 8 * 365 : 13 * 365);
    const left = !manager && random.chance(0.12) ? hired + random.int(200, Math.max(201, dayOf("2025-06-01") - hired)) : null;
    let email = `${name.first}.${name.last}`.toLowerCase().replace(/[^a-z.]/g, "");
    for (let n = 2; emails.has(email); n++) email = `${name.first}.${name.last}${n}`.toLowerCase().replace(/[^a-z.0-9]/g, "");
    emails.add(email);
    staff.push([
      empNo,
      name.first,
      name.last,
      dept,
      job[0],
      isoDate(hired),
      left === null || left > dayOf("2025-06-01") ? null : isoDate(left),
      manager ? (dept === "D01" ? null : 10001) : managerOf.get(dept)!,
      random.chance(0.95) ? `${email}@corp.example` : null,
    ]);
    if (manager) managerOf.set(dept, empNo);
    let salary = Math.round((job[2] + (job[3] - job[2]) * random.next() * 0.5) / 500) * 500;
    let from = hired;
    const end = left ?? dayOf("2025-06-30");
    while (from < end) {
      const next = from + random.int(330, 760);
      salaries.push([empNo, isoDate(from), next < end ? isoDate(next) : left === null ? null : isoDate(left), salary]);
      if (next >= end) break;
      salary = Math.min(job[3], Math.round((salary * (1.02 + random.next() * 0.06)) / 500) * 500);
      from = next;
    }
    currentSalary.set(empNo, salary);
  }
  insertRows(db, "staff", ["emp_no", "first_name", "last_name", "dept_no", "job_code", "hire_dt", "term_dt", "mgr_emp_no", "work_email"], staff);
  insertRows(db, "salaries", ["emp_no", "from_date", "to_date", "salary_amt"], salaries);

  db.run(`CREATE TABLE payroll_runs (
  run_id INTEGER PRIMARY KEY,
  period_start TEXT NOT NULL,
  period_end TEXT NOT NULL,
  pay_date TEXT NOT NULL
)`);
  db.run(`CREATE TABLE payslips (
  payslip_id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES payroll_runs(run_id),
  emp_no INTEGER NOT NULL REFERENCES staff(emp_no),
  gross_amt REAL NOT NULL,
  tax_amt REAL NOT NULL, -- Income tax withheld
  net_amt REAL NOT NULL -- Paid out to the employee
)`);
  const runs: Row[] = [];
  const payslips: Row[] = [];
  for (let month = 1; month <= 6; month++) {
    const start = `2025-${String(month).padStart(2, "0")}-01`;
    const end = isoDate(dayOf(month === 12 ? "2026-01-01" : `2025-${String(month + 1).padStart(2, "0")}-01`) - 1);
    runs.push([month, start, end, isoDate(dayOf(end) - 2)]);
    for (const person of staff) {
      const empNo = person[0] as number;
      if (person[5]! > end || (person[6] !== null && person[6]! < start)) continue;
      const gross = cents(currentSalary.get(empNo)! / 12 + (random.chance(0.05) ? random.int(5, 40) * 100 : 0));
      const tax = cents(gross * (0.18 + Math.min(0.17, gross / 100000)));
      payslips.push([payslips.length + 1, month, empNo, gross, tax, cents(gross - tax)]);
    }
  }
  insertRows(db, "payroll_runs", ["run_id", "period_start", "period_end", "pay_date"], runs);
  insertRows(db, "payslips", ["payslip_id", "run_id", "emp_no", "gross_amt", "tax_amt", "net_amt"], payslips);

  db.run(`CREATE TABLE leave_requests (
  leave_id INTEGER PRIMARY KEY,
  emp_no INTEGER NOT NULL REFERENCES staff(emp_no),
  leave_type TEXT NOT NULL, -- 'AN' annual, 'SK' sick, 'PA' parental, 'UN' unpaid, 'ST' study
  start_dt TEXT NOT NULL,
  days REAL NOT NULL,
  approved INTEGER -- 1 approved, 0 refused, NULL pending
)`);
  const leaves: Row[] = [];
  for (let id = 1; id <= 900; id++) {
    const person = staff[random.int(0, staff.length - 1)]!;
    const type = random.pick(LEAVE_TYPES.flatMap(([code, weight]) => Array<string>(weight).fill(code)));
    const days = type === "PA" ? random.int(20, 90) : type === "SK" ? random.int(1, 5) : random.int(1, 12) / (random.chance(0.1) ? 2 : 1);
    const start = Math.max(dayOf(person[5] as string) + 30, dayOf("2023-01-01") + random.int(0, 900));
    leaves.push([id, person[0]!, type, isoDate(start), days, random.chance(0.08) ? null : random.chance(0.9) ? 1 : 0]);
  }
  insertRows(db, "leave_requests", ["leave_id", "emp_no", "leave_type", "start_dt", "days", "approved"], leaves);

  db.run(`CREATE TABLE training_courses (
  course_id INTEGER PRIMARY KEY,
  course_title TEXT NOT NULL,
  vendor TEXT NOT NULL,
  hours INTEGER NOT NULL
)`);
  insertRows(
    db,
    "training_courses",
    ["course_id", "course_title", "vendor", "hours"],
    TRAININGS.map(([title, vendor, hours], index) => [index + 1, title, vendor, hours]),
  );
  db.run(`CREATE TABLE staff_trainings (
  emp_no INTEGER NOT NULL REFERENCES staff(emp_no),
  course_id INTEGER NOT NULL REFERENCES training_courses(course_id),
  completed_on TEXT,
  score INTEGER, -- Final quiz score out of 100; NULL for courses without a quiz
  PRIMARY KEY (emp_no, course_id)
) WITHOUT ROWID`);
  const trainings: Row[] = [];
  for (const person of staff) {
    TRAININGS.forEach(([, vendor], index) => {
      const mandatory = vendor === "Internal";
      if (!(mandatory ? random.chance(0.6) : random.chance(0.06))) return;
      trainings.push([
        person[0]!,
        index + 1,
        random.chance(0.9) ? isoDate(Math.max(dayOf(person[5] as string), dayOf("2022-01-01")) + random.int(10, 700)) : null,
        mandatory || random.chance(0.5) ? random.int(55, 100) : null,
      ]);
    });
  }
  insertRows(db, "staff_trainings", ["emp_no", "course_id", "completed_on", "score"], trainings);
}

export const PAYROLL_DOMAIN: WarehouseDomain = { id: "hr", seed: 1601, build };

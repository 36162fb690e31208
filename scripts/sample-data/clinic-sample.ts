// The clinic sample: departments, doctors, patients, four years of appointments and prescriptions, and its manifest entry.
import type { Database } from "sql.js";
import { ALLERGIES, DEPARTMENTS, INSURERS, MEDICATIONS, VISIT_TYPES, type MedicationSpec } from "./clinic";
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from "./people";
import { CLINIC_TOWNS } from "./places";
import {
  cents,
  dayOf,
  emailLocalPart,
  fictionalPhone,
  insertRows,
  isoDate,
  isoDateTime,
  MINUTES_PER_DAY,
  pickDistinct,
  pickWeighted,
  uniqueName,
  weekdayOf,
  weightedSampler,
  type PersonName,
  type Random,
  type Row,
  type SampleDefinition,
} from "./sample-kit";

const CLINIC_SCHEMA = `
CREATE TABLE departments (
  department_id INTEGER PRIMARY KEY, -- Unique identifier of the department
  name TEXT NOT NULL UNIQUE, -- Department name, e.g. 'Cardiology' or 'Pediatrics'
  floor INTEGER NOT NULL, -- Floor of the clinic building the department is on
  phone_extension TEXT NOT NULL, -- Four-digit internal phone extension of the front desk
  head_doctor_id INTEGER REFERENCES doctors(doctor_id) -- Doctor who heads the department; NULL while the post is vacant
);

CREATE TABLE doctors (
  doctor_id INTEGER PRIMARY KEY, -- Unique identifier of the doctor
  first_name TEXT NOT NULL, -- Given name
  last_name TEXT NOT NULL, -- Family name
  credential TEXT NOT NULL, -- Medical degree: 'MD' or 'DO'
  department_id INTEGER NOT NULL REFERENCES departments(department_id), -- Department the doctor works in
  specialty TEXT NOT NULL, -- Area of specialisation within the department
  hire_date TEXT NOT NULL, -- Date the doctor joined the clinic (YYYY-MM-DD)
  email TEXT NOT NULL UNIQUE, -- Work email address
  accepting_new_patients INTEGER NOT NULL -- 1 if the doctor currently takes new patients, else 0
);

CREATE TABLE patients (
  patient_id INTEGER PRIMARY KEY, -- Unique identifier of the patient (medical record number)
  first_name TEXT NOT NULL, -- Given name
  last_name TEXT NOT NULL, -- Family name
  sex TEXT NOT NULL, -- Sex recorded at registration: 'F' or 'M'
  birth_date TEXT NOT NULL, -- Date of birth (YYYY-MM-DD)
  city TEXT NOT NULL, -- City of the home address
  state TEXT NOT NULL, -- Two-letter US state code of the home address
  phone TEXT, -- Contact phone number; NULL when none was given
  email TEXT, -- Contact email address; NULL when none was given
  insurance_provider TEXT, -- Name of the health insurer; NULL for self-paying patients
  allergies TEXT, -- Known allergies, comma-separated; empty string when the patient reported none, NULL when never asked
  primary_doctor_id INTEGER REFERENCES doctors(doctor_id), -- Family doctor or pediatrician at the clinic; NULL when none is assigned
  registered_date TEXT NOT NULL -- Date the patient registered with the clinic (YYYY-MM-DD)
);

CREATE TABLE appointments (
  appointment_id INTEGER PRIMARY KEY, -- Unique identifier of the appointment
  patient_id INTEGER NOT NULL REFERENCES patients(patient_id), -- Patient seen
  doctor_id INTEGER NOT NULL REFERENCES doctors(doctor_id), -- Doctor the appointment is with
  scheduled_at TEXT NOT NULL, -- Local date and time of the appointment (YYYY-MM-DD HH:MM:SS)
  duration_minutes INTEGER NOT NULL, -- Length of the booked slot in minutes
  visit_type TEXT NOT NULL, -- 'New patient', 'Follow-up', 'Annual physical', 'Procedure' or 'Telehealth'
  reason TEXT NOT NULL, -- Reason for the visit as given when booking, e.g. 'Chest pain'
  status TEXT NOT NULL, -- Outcome: 'Completed', 'Cancelled' or 'No-show'
  diagnosis TEXT, -- Main diagnosis recorded by the doctor; NULL unless the visit was completed
  fee REAL -- Amount billed in US dollars; NULL when nothing was billed
);

CREATE TABLE medications (
  medication_id INTEGER PRIMARY KEY, -- Unique identifier of the medication
  name TEXT NOT NULL UNIQUE, -- Generic name, e.g. 'Atorvastatin'
  drug_class TEXT NOT NULL, -- Pharmacological class, e.g. 'Statin'
  form TEXT NOT NULL, -- Dosage form: 'Tablet', 'Capsule', 'Inhaler', 'Cream', 'Ointment' or 'Injection pen'
  strength TEXT NOT NULL, -- Strength of one unit, e.g. '20 mg'
  unit_price REAL NOT NULL, -- Price of one unit (tablet, capsule, inhaler, tube or pen) in US dollars
  requires_prior_authorization INTEGER NOT NULL -- 1 if insurers must approve it before it is dispensed, else 0
);

CREATE TABLE prescriptions (
  prescription_id INTEGER PRIMARY KEY, -- Unique identifier of the prescription
  appointment_id INTEGER NOT NULL REFERENCES appointments(appointment_id), -- Appointment at which it was written
  medication_id INTEGER NOT NULL REFERENCES medications(medication_id), -- Medication prescribed
  dosage TEXT NOT NULL, -- Amount per dose, e.g. '1 tablet'
  frequency TEXT NOT NULL, -- How often to take it, e.g. 'Twice daily'
  quantity INTEGER NOT NULL, -- Units dispensed per fill
  refills INTEGER NOT NULL, -- Number of refills allowed
  start_date TEXT NOT NULL, -- Date to start taking it (YYYY-MM-DD)
  end_date TEXT -- Date to stop taking it (YYYY-MM-DD); NULL for ongoing treatment
);

CREATE INDEX doctors_department_id ON doctors(department_id);
CREATE INDEX appointments_patient_id ON appointments(patient_id);
CREATE INDEX appointments_doctor_id ON appointments(doctor_id);
CREATE INDEX appointments_scheduled_at ON appointments(scheduled_at);
CREATE INDEX prescriptions_appointment_id ON prescriptions(appointment_id);
CREATE INDEX prescriptions_medication_id ON prescriptions(medication_id);
`;

function dosing(random: Random, medication: MedicationSpec): { dosage: string; frequency: string; perDay: number } {
  switch (medication.form) {
    case "Inhaler":
      return { dosage: "2 puffs", frequency: "Every 4 to 6 hours as needed", perDay: 0 };
    case "Cream":
    case "Ointment":
      return { dosage: "Apply a thin layer", frequency: random.pick(["Once daily", "Twice daily"]), perDay: 0 };
    case "Injection pen":
      return medication.name === "Semaglutide"
        ? { dosage: "1 injection", frequency: "Once weekly", perDay: 0 }
        : { dosage: `${random.int(1, 4) * 5} units`, frequency: "At bedtime", perDay: 0 };
    default: {
      const unit = medication.form === "Capsule" ? "capsule" : "tablet";
      if (medication.name === "Methotrexate") return { dosage: `4 ${unit}s`, frequency: "Once weekly", perDay: 0.6 };
      if (["Trazodone", "Amitriptyline"].includes(medication.name)) return { dosage: `1 ${unit}`, frequency: "At bedtime", perDay: 1 };
      if (!medication.longTerm && random.chance(0.4)) return { dosage: `1 ${unit}`, frequency: "Every 6 hours as needed", perDay: 3 };
      const perDay = pickWeighted(random, [1, 2, 3], (count) => (count === 1 ? 6 : count === 2 ? 3 : 1));
      return { dosage: `1 ${unit}`, frequency: perDay === 1 ? "Once daily" : perDay === 2 ? "Twice daily" : "Three times daily", perDay };
    }
  }
}

/** A clinic patient as generated, before being written as a row. */
interface Patient {
  readonly id: number;
  readonly name: PersonName;
  readonly sex: "F" | "M";
  readonly birthDay: number;
  readonly registeredDay: number;
  readonly town: (typeof CLINIC_TOWNS)[number];
  readonly phone: string | null;
  readonly email: string | null;
  readonly insurer: string | null;
  readonly allergies: string | null;
  readonly primaryDoctorId: number | null;
  /** Specialist departments this patient is followed by, besides primary care. */
  readonly specialties: readonly number[];
  /** Relative number of visits: older patients and those with chronic conditions come more often. */
  readonly visitWeight: number;
}

function buildClinic(db: Database, random: Random): void {
  db.exec(CLINIC_SCHEMA);
  const firstDay = dayOf("2021-01-04");
  const lastDay = dayOf("2024-12-31");
  const medicationIndex = new Map(MEDICATIONS.map((medication, index) => [medication.name, index]));
  for (const department of DEPARTMENTS) {
    for (const name of department.visits.flatMap((visit) => visit.medications)) {
      if (!medicationIndex.has(name)) throw new Error(`${department.name} prescribes ${name}, which is not in MEDICATIONS`);
    }
  }
  const departmentIndex = (name: string): number => {
    const index = DEPARTMENTS.findIndex((department) => department.name === name);
    if (index < 0) throw new Error(`No department named ${name}`);
    return index;
  };
  const familyMedicine = departmentIndex("Family Medicine");
  const pediatrics = departmentIndex("Pediatrics");
  const obstetrics = departmentIndex("Obstetrics and Gynecology");
  const openToTeenagers = new Set(["Dermatology", "Orthopedics", "Psychiatry"].map(departmentIndex));

  // Doctors, several per department; the longest-serving one usually heads it.
  const usedNames = new Set<string>();
  const doctors: { id: number; departmentIndex: number; hireDay: number; workload: number }[] = [];
  const doctorRows: Row[] = [];
  DEPARTMENTS.forEach((department, index) => {
    const count = Math.max(2, Math.round(department.weight / 2.2));
    for (let position = 0; position < count; position++) {
      const name = uniqueName(random, usedNames);
      // The first doctor of each department was there before the data starts, so every department has cover.
      const latestHire = position === 0 ? dayOf("2018-12-31") : dayOf("2023-06-30");
      const hireDay = dayOf("1998-01-01") + Math.floor(random.next() * (latestHire - dayOf("1998-01-01")));
      const doctor = { id: doctors.length + 1, departmentIndex: index, hireDay, workload: 0.6 + random.next() };
      doctors.push(doctor);
      doctorRows.push([
        doctor.id,
        name.firstName,
        name.lastName,
        random.chance(0.85) ? "MD" : "DO",
        index + 1,
        random.pick(department.specialties),
        isoDate(hireDay),
        `${emailLocalPart(name)}@maplegrovehealth.example`,
        random.chance(0.7) ? 1 : 0,
      ]);
    }
  });
  const departmentRows: Row[] = DEPARTMENTS.map((department, index) => [index + 1, department.name, department.floor, String(2100 + index * 37), null]);
  const heads = DEPARTMENTS.map((department, index) => {
    // One department is between heads, so the column has a NULL worth asking about.
    if (department.name === "Oncology") return null;
    const staff = doctors.filter((doctor) => doctor.departmentIndex === index);
    return staff.reduce((earliest, doctor) => (doctor.hireDay < earliest.hireDay ? doctor : earliest)).id;
  });

  // Patients: all ages, mostly from Portland and its suburbs.
  const townSampler = weightedSampler(CLINIC_TOWNS.map((town) => town.weight));
  const specialistDepartments = DEPARTMENTS.flatMap((_department, index) => (index === familyMedicine || index === pediatrics ? [] : [index]));
  const usedEmails = new Set<string>();
  const patients: Patient[] = Array.from({ length: 2200 }, (_unused, index) => {
    const sex = random.chance(0.52) ? "F" : "M";
    const names = sex === "F" ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES;
    const name = { firstName: names[random.skewedIndex(names.length, 1.3)]!, lastName: LAST_NAMES[random.skewedIndex(LAST_NAMES.length, 1.4)]! };
    const roll = random.next();
    const ageAtEnd = roll < 0.18 ? random.int(0, 17) : roll < 0.82 ? random.int(18, 64) : 65 + Math.floor(30 * Math.pow(random.next(), 1.8));
    const birthDay = lastDay - ageAtEnd * 365 - random.int(0, 364);
    const registeredDay = Math.max(
      birthDay + random.int(1, 30),
      dayOf("2012-01-01") + Math.floor(Math.pow(random.next(), 0.7) * (dayOf("2024-11-30") - dayOf("2012-01-01"))),
    );
    const town = CLINIC_TOWNS[townSampler(random)]!;
    const allergies = random.chance(0.12) ? null : random.chance(0.72) ? "" : pickDistinct(random, ALLERGIES, random.chance(0.8) ? 1 : 2, () => 1).join(", ");
    const insurer = random.chance(ageAtEnd >= 65 ? 0.02 : 0.09)
      ? null
      : ageAtEnd >= 65 && random.chance(0.8)
        ? "Medicare"
        : pickWeighted(
            random,
            INSURERS.filter((candidate) => candidate.name !== "Medicare"),
            (candidate) => candidate.weight,
          ).name;
    const primaryDepartment = ageAtEnd < 18 ? pediatrics : familyMedicine;
    const primaryOptions = doctors.filter((doctor) => doctor.departmentIndex === primaryDepartment);
    const eligibleSpecialties = specialistDepartments.filter(
      (candidate) => (candidate !== obstetrics || (sex === "F" && ageAtEnd >= 16 && ageAtEnd <= 58)) && (ageAtEnd >= 18 || openToTeenagers.has(candidate)),
    );
    const specialtyCount = ageAtEnd < 12 ? 0 : pickWeighted(random, [0, 1, 2, 3], (count) => [30, 40, 20, 10][count]!);
    let email: string | null = null;
    if (ageAtEnd >= 16 && random.chance(0.8)) {
      email = `${emailLocalPart(name)}@${random.pick(["example.com", "example.net", "example.org"])}`;
      for (let suffix = 2; usedEmails.has(email); suffix++) email = email.replace(/\d*@/, `${suffix}@`);
      usedEmails.add(email);
    }
    return {
      id: index + 1,
      name,
      sex,
      birthDay,
      registeredDay,
      town,
      phone: random.chance(0.1) ? null : fictionalPhone(random, town.city === "Vancouver" ? "360" : "503"),
      email,
      insurer,
      allergies,
      primaryDoctorId: random.chance(0.15) ? null : random.pick(primaryOptions).id,
      specialties: pickDistinct(random, eligibleSpecialties, specialtyCount, (candidate) => DEPARTMENTS[candidate]!.weight),
      visitWeight: (0.5 + ageAtEnd / 45) * Math.min(6, Math.pow(1 - random.next(), -0.6)),
    };
  });

  // Appointments on weekdays in 20-minute slots. Patients see their primary-care department most,
  // keep going back to the specialist they first saw, and usually come back about the same problem.
  const weekdays: number[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6) weekdays.push(day);
  }
  const daySampler = weightedSampler(weekdays.map((day) => 1 + (0.35 * (day - firstDay)) / (lastDay - firstDay)));
  const patientSampler = weightedSampler(patients.map((patient) => patient.visitWeight));
  const visitSamplers = DEPARTMENTS.map((department) => weightedSampler(department.visits.map((visit) => visit.weight)));
  const booked = new Set<string>();
  const continuing = new Map<string, { doctorId: number; visitIndex: number }>();
  const drafts: { day: number; minute: number; patient: Patient; doctorId: number; departmentIndex: number; visitIndex: number }[] = [];
  while (drafts.length < 9000) {
    const day = weekdays[daySampler(random)]!;
    const patient = patients[patientSampler(random)]!;
    if (patient.registeredDay > day) continue;
    const age = (day - patient.birthDay) / 365.25;
    const primaryDepartment = age < 18 ? pediatrics : familyMedicine;
    const specialties = patient.specialties.filter((candidate) => age >= 18 || (age >= 12 && openToTeenagers.has(candidate)));
    const department = specialties.length > 0 && random.chance(0.6) ? random.pick(specialties) : primaryDepartment;
    const key = `${patient.id}:${department}`;
    const previous = continuing.get(key);
    const staff = doctors.filter((doctor) => doctor.departmentIndex === department && doctor.hireDay <= day);
    const primary = patient.primaryDoctorId === null ? undefined : doctors[patient.primaryDoctorId - 1];
    const doctorId =
      previous !== undefined && random.chance(0.85)
        ? previous.doctorId
        : primary !== undefined && primary.departmentIndex === department && primary.hireDay <= day && random.chance(0.85)
          ? primary.id
          : pickWeighted(random, staff, (candidate) => candidate.workload).id;
    const visitIndex = previous !== undefined && random.chance(0.6) ? previous.visitIndex : visitSamplers[department]!(random);
    const minute = 8 * 60 + random.int(0, 26) * 20;
    const slot = `${doctorId}:${day}:${minute}`;
    if (booked.has(slot)) continue;
    booked.add(slot);
    continuing.set(key, { doctorId, visitIndex });
    drafts.push({ day, minute, patient, doctorId, departmentIndex: department, visitIndex });
  }
  drafts.sort((a, b) => a.day - b.day || a.minute - b.minute || a.doctorId - b.doctorId);

  const seenInDepartment = new Set<string>();
  const appointmentRows: Row[] = [];
  const prescriptionRows: Row[] = [];
  drafts.forEach((draft, index) => {
    const appointmentId = index + 1;
    const department = DEPARTMENTS[draft.departmentIndex]!;
    const visit = department.visits[draft.visitIndex]!;
    const age = (draft.day - draft.patient.birthDay) / 365.25;
    const key = `${draft.patient.id}:${draft.departmentIndex}`;
    // Telehealth was common during the pandemic and has been fading since.
    const telehealthShare = 0.25 - (0.17 * (draft.day - firstDay)) / (lastDay - firstDay);
    const visitType =
      visit.kind === "routine"
        ? "Annual physical"
        : visit.kind === "procedure"
          ? "Procedure"
          : !seenInDepartment.has(key)
            ? "New patient"
            : random.chance(telehealthShare)
              ? "Telehealth"
              : "Follow-up";
    const noShowChance = age >= 18 && age < 35 ? 0.09 : 0.05;
    const roll = random.next();
    const status = roll < 0.08 ? "Cancelled" : roll < 0.08 + noShowChance ? "No-show" : "Completed";
    if (status === "Completed") seenInDepartment.add(key);
    const type = VISIT_TYPES[visitType]!;
    const fee = status === "Completed" ? cents(department.baseFee * type.feeFactor * (0.95 + random.next() * 0.1)) : status === "No-show" ? 50 : null;
    appointmentRows.push([
      appointmentId,
      draft.patient.id,
      draft.doctorId,
      isoDateTime(draft.day * MINUTES_PER_DAY + draft.minute),
      type.minutes,
      visitType,
      visit.reason,
      status,
      status === "Completed" ? random.pick(visit.diagnoses) : null,
      fee,
    ]);

    // Prescriptions are written at completed visits for problems that call for one; some visits end with two.
    if (status !== "Completed" || visit.medications.length === 0 || !random.chance(0.65)) return;
    const chosen = pickDistinct(random, visit.medications, random.chance(0.2) ? 2 : 1, () => 1);
    for (const name of chosen) {
      const medication = MEDICATIONS[medicationIndex.get(name)!]!;
      const { dosage, frequency, perDay } = dosing(random, medication);
      const days = medication.longTerm ? random.pick([30, 30, 90]) : random.int(5, 14);
      const quantity = perDay === 0 ? 1 : Math.ceil(days * perDay);
      const endDay = medication.longTerm ? (random.chance(0.75) ? null : draft.day + random.int(60, 540)) : draft.day + days;
      prescriptionRows.push([
        prescriptionRows.length + 1,
        appointmentId,
        medicationIndex.get(name)! + 1,
        dosage,
        frequency,
        quantity,
        medication.longTerm ? random.int(0, 5) : 0,
        isoDate(draft.day),
        endDay === null ? null : isoDate(endDay),
      ]);
    }
  });

  const patientRows: Row[] = patients.map((patient) => [
    patient.id,
    patient.name.firstName,
    patient.name.lastName,
    patient.sex,
    isoDate(patient.birthDay),
    patient.town.city,
    patient.town.city === "Vancouver" ? "WA" : "OR",
    patient.phone,
    patient.email,
    patient.insurer,
    patient.allergies,
    patient.primaryDoctorId,
    isoDate(patient.registeredDay),
  ]);
  const medicationRows: Row[] = MEDICATIONS.map((medication, index) => [
    index + 1,
    medication.name,
    medication.drugClass,
    medication.form,
    medication.strength,
    medication.unitPrice,
    medication.requiresPriorAuthorization ? 1 : 0,
  ]);

  // Departments first without heads: the heads are doctors, who need their department to exist.
  insertRows(db, "departments", ["department_id", "name", "floor", "phone_extension", "head_doctor_id"], departmentRows);
  insertRows(
    db,
    "doctors",
    ["doctor_id", "first_name", "last_name", "credential", "department_id", "specialty", "hire_date", "email", "accepting_new_patients"],
    doctorRows,
  );
  const setHead = db.prepare("UPDATE departments SET head_doctor_id = ? WHERE department_id = ?");
  heads.forEach((doctorId, index) => setHead.run([doctorId, index + 1]));
  setHead.free();
  insertRows(
    db,
    "patients",
    [
      "patient_id",
      "first_name",
      "last_name",
      "sex",
      "birth_date",
      "city",
      "state",
      "phone",
      "email",
      "insurance_provider",
      "allergies",
      "primary_doctor_id",
      "registered_date",
    ],
    patientRows,
  );
  insertRows(
    db,
    "appointments",
    ["appointment_id", "patient_id", "doctor_id", "scheduled_at", "duration_minutes", "visit_type", "reason", "status", "diagnosis", "fee"],
    appointmentRows,
  );
  insertRows(db, "medications", ["medication_id", "name", "drug_class", "form", "strength", "unit_price", "requires_prior_authorization"], medicationRows);
  insertRows(
    db,
    "prescriptions",
    ["prescription_id", "appointment_id", "medication_id", "dosage", "frequency", "quantity", "refills", "start_date", "end_date"],
    prescriptionRows,
  );
}

export const CLINIC_SAMPLE: SampleDefinition = {
  id: "clinic",
  title: "Clinic",
  description:
    "Four years of appointments at a fictional multi-specialty clinic near Portland, Oregon, with its departments, doctors, patients and prescriptions.",
  seed: 20210104,
  exampleQuestions: [
    "How many appointments did the Cardiology department complete in 2024?",
    "Which medication was prescribed most often?",
    "How many patients living in Beaverton have no insurance?",
  ],
  exampleQuery: `SELECT d.name AS department,
       COUNT(*) AS appointments,
       SUM(a.status = 'Completed') AS completed,
       SUM(a.status = 'No-show') AS no_shows,
       ROUND(SUM(a.fee), 2) AS billed
FROM appointments AS a
JOIN doctors AS doc ON doc.doctor_id = a.doctor_id
JOIN departments AS d ON d.department_id = doc.department_id
WHERE a.scheduled_at >= '2024-01-01'
GROUP BY d.department_id
ORDER BY appointments DESC;`,
  build: buildClinic,
};

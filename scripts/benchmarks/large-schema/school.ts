// The school domain: a district's schools, teachers, students and their guardians, courses, class sections, enrollments and absences.
import type { Database } from "sql.js";
import { FIRST_NAMES, LAST_NAMES } from "../../sample-data/people";
import { dayOf, insertRows, isoDate, type Random, type Row } from "../../sample-data/sample-kit";
import { around, personName, type WarehouseDomain } from "./domain";

/** [name, district, state, type]: 'ES' elementary, 'MS' middle, 'HS' high school. */
// prettier-ignore
const SCHOOLS: readonly (readonly [string, string, string, string])[] = [
  ["Lincoln Elementary", "Portland Public", "OR", "ES"], ["Cedar Hills Elementary", "Beaverton", "OR", "ES"],
  ["Riverside Middle School", "Portland Public", "OR", "MS"], ["Grant High School", "Portland Public", "OR", "HS"],
  ["Westview High School", "Beaverton", "OR", "HS"], ["Maple Grove Elementary", "Indianapolis", "IN", "ES"],
  ["Franklin Middle School", "Indianapolis", "IN", "MS"], ["Shortridge High School", "Indianapolis", "IN", "HS"],
  ["Casco Bay Elementary", "Portland ME", "ME", "ES"], ["Deering High School", "Portland ME", "ME", "HS"],
  ["Edison Elementary", "Columbus City", "OH", "ES"], ["Whetstone High School", "Columbus City", "OH", "HS"],
  ["Sequoia Middle School", "Sacramento City", "CA", "MS"], ["McClatchy High School", "Sacramento City", "CA", "HS"],
  ["Bluebonnet Elementary", "Austin ISD", "TX", "ES"], ["Travis High School", "Austin ISD", "TX", "HS"],
];

/** [code, title, credits, department, grade levels it is for]. */
// prettier-ignore
const COURSES: readonly (readonly [string, string, number, string, string])[] = [
  ["MATH1", "Numbers and Shapes", 1, "Mathematics", "ES"], ["READ1", "Early Reading", 1, "English", "ES"],
  ["SCI1", "Discovering Science", 1, "Science", "ES"], ["ART1", "Art and Craft", 0.5, "Arts", "ES"],
  ["MATH6", "Pre-Algebra", 1, "Mathematics", "MS"], ["ENG6", "Reading and Writing", 1, "English", "MS"],
  ["SCI6", "Earth Science", 1, "Science", "MS"], ["HIST6", "World History", 1, "Social Studies", "MS"],
  ["SPAN6", "Spanish I", 1, "World Languages", "MS"], ["MUS6", "Band", 0.5, "Arts", "MS"],
  ["ALG1", "Algebra I", 1, "Mathematics", "HS"], ["GEOM", "Geometry", 1, "Mathematics", "HS"],
  ["CALC", "AP Calculus AB", 1, "Mathematics", "HS"], ["STAT", "AP Statistics", 1, "Mathematics", "HS"],
  ["ENG9", "English 9", 1, "English", "HS"], ["ENG11", "American Literature", 1, "English", "HS"],
  ["BIO", "Biology", 1, "Science", "HS"], ["CHEM", "Chemistry", 1, "Science", "HS"], ["PHYS", "AP Physics 1", 1, "Science", "HS"],
  ["USHIST", "US History", 1, "Social Studies", "HS"], ["GOV", "Government", 0.5, "Social Studies", "HS"],
  ["SPAN2", "Spanish II", 1, "World Languages", "HS"], ["FREN1", "French I", 1, "World Languages", "HS"],
  ["CS1", "Intro to Programming", 1, "Computer Science", "HS"], ["PE", "Physical Education", 0.5, "Health and PE", "HS"],
];
const GRADE_RANGES: Record<string, readonly [number, number]> = { ES: [0, 5], MS: [6, 8], HS: [9, 12] };
const TERMS = ["2024-FA", "2025-SP"];
const GRADES: readonly (readonly [string, number])[] = [
  ["A", 28],
  ["B", 32],
  ["C", 22],
  ["D", 8],
  ["F", 5],
  ["I", 2],
];
const RELATIONS = ["Mother", "Father", "Grandparent", "Aunt", "Uncle", "Foster parent"];

function build(db: Database, random: Random): void {
  db.run(`CREATE TABLE schools (
  school_id INTEGER PRIMARY KEY,
  school_name TEXT NOT NULL UNIQUE,
  district TEXT NOT NULL,
  state_cd TEXT NOT NULL REFERENCES us_states(state_code),
  school_type TEXT NOT NULL -- 'ES' elementary, 'MS' middle, 'HS' high school
)`);
  insertRows(
    db,
    "schools",
    ["school_id", "school_name", "district", "state_cd", "school_type"],
    SCHOOLS.map((school, index) => [index + 1, ...school]),
  );

  db.run(`CREATE TABLE teachers (
  teacher_id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(school_id),
  first_nm TEXT NOT NULL,
  last_nm TEXT NOT NULL,
  hire_dt TEXT NOT NULL, -- Date the teacher started in the district
  subject_area TEXT, -- Main department; NULL for elementary generalists
  salary_amt INTEGER NOT NULL -- Annual base pay, USD
)`);
  const teachers: Row[] = [];
  const teachersBySchool = new Map<number, number[]>();
  SCHOOLS.forEach(([, , , type], index) => {
    const school = index + 1;
    const count = type === "ES" ? 14 : type === "MS" ? 18 : 24;
    for (let n = 0; n < count; n++) {
      const id = teachers.length + 1;
      const name = personName(random, FIRST_NAMES, LAST_NAMES);
      const subject = type === "ES" ? null : random.pick([...new Set(COURSES.filter((course) => course[4] === type).map((course) => course[3]))]);
      const hired = dayOf("1995-08-15") + random.int(0, 29) * 365 + random.int(-10, 10);
      teachers.push([
        id,
        school,
        name.first,
        name.last,
        isoDate(hired),
        subject,
        42000 + Math.round((dayOf("2025-01-01") - hired) / 365) * 1400 + random.int(0, 40) * 100,
      ]);
      teachersBySchool.set(school, [...(teachersBySchool.get(school) ?? []), id]);
    }
  });
  insertRows(db, "teachers", ["teacher_id", "school_id", "first_nm", "last_nm", "hire_dt", "subject_area", "salary_amt"], teachers);

  db.run(`CREATE TABLE students (
  student_id INTEGER PRIMARY KEY,
  school_id INTEGER NOT NULL REFERENCES schools(school_id),
  given_name TEXT NOT NULL,
  family_name TEXT NOT NULL,
  grade_level INTEGER NOT NULL, -- 0 for kindergarten to 12
  dob TEXT NOT NULL, -- Date of birth
  gender TEXT -- 'F', 'M' or 'X'
)`);
  const students: Row[] = [];
  const studentsBySchool = new Map<number, Row[]>();
  SCHOOLS.forEach(([, , , type], index) => {
    const school = index + 1;
    const [low, high] = GRADE_RANGES[type]!;
    for (let n = 0; n < 90; n++) {
      const grade = random.int(low, high);
      const name = personName(random, FIRST_NAMES, LAST_NAMES);
      const row: Row = [
        students.length + 1,
        school,
        name.first,
        name.last,
        grade,
        isoDate(dayOf("2019-09-01") - grade * 365 + random.int(0, 364)),
        random.chance(0.02) ? "X" : random.pick(["F", "M"]),
      ];
      students.push(row);
      studentsBySchool.set(school, [...(studentsBySchool.get(school) ?? []), row]);
    }
  });
  insertRows(db, "students", ["student_id", "school_id", "given_name", "family_name", "grade_level", "dob", "gender"], students);

  db.run(`CREATE TABLE guardians (
  guardian_id INTEGER PRIMARY KEY,
  full_name TEXT NOT NULL,
  phone TEXT,
  relation TEXT NOT NULL -- Relation to the student
)`);
  db.run(`CREATE TABLE student_guardians (
  student_id INTEGER NOT NULL REFERENCES students(student_id),
  guardian_id INTEGER NOT NULL REFERENCES guardians(guardian_id),
  is_primary INTEGER NOT NULL, -- 1 for the first contact
  PRIMARY KEY (student_id, guardian_id)
) WITHOUT ROWID`);
  const guardians: Row[] = [];
  const links: Row[] = [];
  // Siblings: a student whose school already has a student of the same family name sometimes shares that
  // student's first guardian, so the bridge table links one guardian to several students.
  const firstGuardianByFamily = new Map<string, number>();
  for (const student of students) {
    const family = `${String(student[1])}/${String(student[3])}`;
    const sibling = firstGuardianByFamily.get(family);
    if (sibling !== undefined && random.chance(0.5)) {
      links.push([student[0]!, sibling, 1]);
      continue;
    }
    const count = random.chance(0.4) ? 2 : 1;
    if (sibling === undefined) firstGuardianByFamily.set(family, guardians.length + 1);
    for (let n = 0; n < count; n++) {
      const id = guardians.length + 1;
      const relation = n === 0 ? random.pick(["Mother", "Mother", "Father", ...RELATIONS]) : random.pick(["Father", "Mother", "Grandparent"]);
      const first = FIRST_NAMES[random.skewedIndex(FIRST_NAMES.length, 1.2)]!;
      guardians.push([
        id,
        `${first} ${n === 0 || random.chance(0.8) ? (student[3] as string) : LAST_NAMES[random.int(0, LAST_NAMES.length - 1)]!}`,
        random.chance(0.9) ? `(503) 555-01${String(random.int(0, 99)).padStart(2, "0")}` : null,
        relation,
      ]);
      links.push([student[0]!, id, n === 0 ? 1 : 0]);
    }
  }
  insertRows(db, "guardians", ["guardian_id", "full_name", "phone", "relation"], guardians);
  insertRows(db, "student_guardians", ["student_id", "guardian_id", "is_primary"], links);

  db.run(`CREATE TABLE courses (
  course_code TEXT PRIMARY KEY,
  course_title TEXT NOT NULL,
  credits REAL NOT NULL,
  dept TEXT NOT NULL -- Department that teaches the course
)`);
  insertRows(
    db,
    "courses",
    ["course_code", "course_title", "credits", "dept"],
    COURSES.map(([code, title, credits, dept]) => [code, title, credits, dept]),
  );

  db.run(`CREATE TABLE class_sections (
  section_id INTEGER PRIMARY KEY,
  course_code TEXT NOT NULL REFERENCES courses(course_code),
  teacher_id INTEGER NOT NULL REFERENCES teachers(teacher_id),
  term TEXT NOT NULL, -- School year and semester, e.g. '2024-FA' for fall 2024
  room TEXT
)`);
  db.run(`CREATE TABLE enrollments (
  section_id INTEGER NOT NULL REFERENCES class_sections(section_id),
  student_id INTEGER NOT NULL REFERENCES students(student_id),
  final_grade TEXT, -- Letter grade 'A' to 'F', 'I' incomplete; NULL until graded
  PRIMARY KEY (section_id, student_id)
) WITHOUT ROWID`);
  const sections: Row[] = [];
  const enrollments: Row[] = [];
  SCHOOLS.forEach(([, , , type], index) => {
    const school = index + 1;
    const courses = COURSES.filter((course) => course[4] === type);
    const pupils = studentsBySchool.get(school)!;
    for (const term of TERMS) {
      for (const course of courses) {
        const teacherPool = teachers.filter((teacher) => teacher[1] === school && (type === "ES" || teacher[5] === course[3]));
        const teacher = random.pick(teacherPool.length > 0 ? teacherPool : teachers.filter((t) => t[1] === school));
        const section = sections.length + 1;
        sections.push([section, course[0], teacher[0]!, term, random.chance(0.9) ? `${random.pick(["A", "B", "C"])}${random.int(101, 230)}` : null]);
        const seats = random.int(5, 10);
        const chosen = new Set<number>();
        for (let n = 0; n < seats; n++) chosen.add(pupils[random.int(0, pupils.length - 1)]![0] as number);
        for (const student of chosen) {
          enrollments.push([
            section,
            student,
            term === "2025-SP" && random.chance(0.3) ? null : random.pick(GRADES.flatMap(([grade, weight]) => Array<string>(weight).fill(grade))),
          ]);
        }
      }
    }
  });
  insertRows(db, "class_sections", ["section_id", "course_code", "teacher_id", "term", "room"], sections);
  insertRows(db, "enrollments", ["section_id", "student_id", "final_grade"], enrollments);

  db.run(`CREATE TABLE absences (
  absence_id INTEGER PRIMARY KEY,
  student_id INTEGER NOT NULL REFERENCES students(student_id),
  absence_date TEXT NOT NULL,
  reason_cd TEXT NOT NULL, -- 'SK' sick, 'FM' family, 'UN' unexplained, 'LT' late arrival
  excused INTEGER NOT NULL
)`);
  const absences: Row[] = [];
  const start = dayOf("2024-09-03");
  for (let id = 1; id <= 1000; id++) {
    const student = students[random.skewedIndex(students.length, 1.1)]!;
    const reason = random.pick(["SK", "SK", "SK", "FM", "UN", "LT", "LT"]);
    absences.push([
      id,
      student[0]!,
      isoDate(start + around(random, 130, 130)),
      reason,
      reason === "UN" ? 0 : reason === "LT" ? (random.chance(0.3) ? 1 : 0) : 1,
    ]);
  }
  insertRows(db, "absences", ["absence_id", "student_id", "absence_date", "reason_cd", "excused"], absences);
}

export const SCHOOL_DOMAIN: WarehouseDomain = { id: "school", seed: 1201, build };

// Generates the bundled sample databases (public/samples/*.sqlite) and their manifest, deterministically.
// Run with `npx tsx scripts/generate-samples.ts`. The data is synthetic: seeded random choices over the
// word lists in scripts/sample-data, with fixed dates, so two runs give byte-identical files.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import initSqlJs from "sql.js";
import type { Database, SqlJsStatic, SqlValue } from "sql.js";
import {
  DISCOUNT_CODES,
  GENRES,
  PUBLISHERS,
  REVIEW_SENTENCES,
  REVIEW_TITLES,
  STORES,
  TITLE_POOLS,
  type GenreSpec,
} from "./sample-data/books";
import { ALLERGIES, DEPARTMENTS, INSURERS, MEDICATIONS, type MedicationSpec } from "./sample-data/clinic";
import { AIRCRAFT_SEATS, AIRLINES, REGISTRATION_PREFIXES } from "./sample-data/flights";
import { FEMALE_FIRST_NAMES, FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES } from "./sample-data/people";
import { AIRPORTS, CLINIC_TOWNS, STATE_AREA_CODES, US_CITIES, type Airport } from "./sample-data/places";

/** Where the generated files go; Vite serves `public/` as static assets. */
export const SAMPLES_DIRECTORY = fileURLToPath(new URL("../public/samples/", import.meta.url));

// ---------------------------------------------------------------------------------------------
// Seeded randomness. Math.random would make every run different; mulberry32 is tiny and good
// enough for plausible data.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A bell-shaped float in [0, 1) with mean 0.5 (the mean of three uniforms). */
  bell(): number;
  /** An exponentially distributed float with the given mean: many small values, a long tail. */
  exponential(mean: number): number;
  /** An index in [0, length) that favours the start: a list ordered from common to rare stays skewed. */
  skewedIndex(length: number, power: number): number;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("Cannot pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    bell: () => (next() + next() + next()) / 3,
    exponential: (mean) => -Math.log(1 - next()) * mean,
    skewedIndex: (length, power) => Math.floor(length * Math.pow(next(), power)),
  };
}

/**
 * Picks indexes in proportion to fixed weights in O(log n). The optional `limit` restricts the pick
 * to the first `limit` items, e.g. the customers who had signed up by the order date.
 */
export function weightedSampler(weights: readonly number[]): (random: Random, limit?: number) => number {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) {
    total += Math.max(0, weight);
    cumulative.push(total);
  }
  return (random, limit = weights.length) => {
    if (limit <= 0 || weights.length === 0) throw new Error("Cannot pick from an empty list");
    const bound = cumulative[Math.min(limit, weights.length) - 1] as number;
    const target = random.next() * bound;
    let low = 0;
    let high = Math.min(limit, weights.length) - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

function pickWeighted<T>(random: Random, items: readonly T[], weightOf: (item: T) => number): T {
  return items[weightedSampler(items.map(weightOf))(random)] as T;
}

/** Draws `count` distinct items, each draw in proportion to the weights of those left. */
function pickDistinct<T>(random: Random, items: readonly T[], count: number, weightOf: (item: T) => number): T[] {
  const left = [...items];
  const chosen: T[] = [];
  while (chosen.length < count && left.length > 0) {
    const index = weightedSampler(left.map(weightOf))(random);
    chosen.push(left[index] as T);
    left.splice(index, 1);
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// Dates as day numbers (days since 1970-01-01, UTC) and minutes, printed as ISO-8601 text the way
// SQLite's date functions expect ('YYYY-MM-DD' and 'YYYY-MM-DD HH:MM:SS').

const MILLISECONDS_PER_DAY = 86_400_000;
const MINUTES_PER_DAY = 1440;

function dayOf(isoDate: string): number {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / MILLISECONDS_PER_DAY;
}

function isoDate(day: number): string {
  return new Date(day * MILLISECONDS_PER_DAY).toISOString().slice(0, 10);
}

function isoDateTime(minute: number, second = 0): string {
  return `${new Date(minute * 60_000).toISOString().slice(0, 16).replace("T", " ")}:${String(second).padStart(2, "0")}`;
}

/** 1 for January to 12 for December. */
function monthOf(day: number): number {
  return new Date(day * MILLISECONDS_PER_DAY).getUTCMonth() + 1;
}

/** 0 for Sunday to 6 for Saturday. */
function weekdayOf(day: number): number {
  return new Date(day * MILLISECONDS_PER_DAY).getUTCDay();
}

function cents(amount: number): number {
  return Math.round(amount * 100) / 100;
}

// ---------------------------------------------------------------------------------------------
// Writing rows.

type Row = readonly SqlValue[];

/** Inserts rows through one prepared statement inside one transaction: thousands of rows in milliseconds. */
function insertRows(db: Database, table: string, columns: readonly string[], rows: readonly Row[]): void {
  const statement = db.prepare(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  );
  db.run("BEGIN");
  try {
    for (const row of rows) {
      if (row.length !== columns.length) {
        throw new Error(`${table}: a row has ${row.length} values for ${columns.length} columns`);
      }
      statement.run(row as SqlValue[]);
    }
    db.run("COMMIT");
  } catch (error) {
    db.run("ROLLBACK");
    throw error;
  } finally {
    statement.free();
  }
}

function queryRows(db: Database, sql: string): SqlValue[][] {
  return db.exec(sql)[0]?.values ?? [];
}

// ---------------------------------------------------------------------------------------------
// People.

interface PersonName {
  readonly firstName: string;
  readonly lastName: string;
}

/** A name not used before in this database, favouring common names as real rosters do. */
function uniqueName(random: Random, used: Set<string>): PersonName {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const firstName = FIRST_NAMES[random.skewedIndex(FIRST_NAMES.length, 1.4)] as string;
    const lastName = LAST_NAMES[random.skewedIndex(LAST_NAMES.length, 1.5)] as string;
    const key = `${firstName} ${lastName}`;
    if (!used.has(key)) {
      used.add(key);
      return { firstName, lastName };
    }
  }
  throw new Error("Ran out of distinct names; add more to scripts/sample-data/people.ts");
}

/** An address for email, without spaces, apostrophes or accents. */
function emailLocalPart(name: PersonName): string {
  return `${name.firstName}.${name.lastName}`.toLowerCase().replace(/[^a-z.]/g, "");
}

/** Numbers 555-0100 to 555-0199 are reserved for fiction, so none of these reaches a real person. */
function fictionalPhone(random: Random, areaCode: string): string {
  return `(${areaCode}) 555-01${String(random.int(0, 99)).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Sample 1: bookshop — the default and the largest.

const BOOKSHOP_SCHEMA = `
CREATE TABLE publishers (
  publisher_id INTEGER PRIMARY KEY, -- Unique identifier of the publisher
  name TEXT NOT NULL UNIQUE, -- Name of the publishing house
  city TEXT NOT NULL, -- City of the publisher's head office
  country TEXT NOT NULL, -- Country of the publisher's head office
  founded_year INTEGER NOT NULL, -- Year the publisher was founded
  website TEXT -- Website address; NULL when the publisher has none on record
);

CREATE TABLE genres (
  genre_id INTEGER PRIMARY KEY, -- Unique identifier of the genre
  name TEXT NOT NULL UNIQUE, -- Genre name as shown on the shelf signs, e.g. 'Mystery' or 'Science Fiction'
  description TEXT NOT NULL -- What kind of books the genre covers
);

CREATE TABLE authors (
  author_id INTEGER PRIMARY KEY, -- Unique identifier of the person
  first_name TEXT NOT NULL, -- Given name
  last_name TEXT NOT NULL, -- Family name
  birth_year INTEGER, -- Year of birth; NULL when not known
  death_year INTEGER, -- Year of death; NULL for living people
  country TEXT NOT NULL -- Country the person comes from
);

CREATE TABLE books (
  book_id INTEGER PRIMARY KEY, -- Unique identifier of the book
  title TEXT NOT NULL, -- Title as printed on the cover
  subtitle TEXT, -- Subtitle as printed on the cover; NULL when the book has none
  isbn13 TEXT NOT NULL UNIQUE, -- 13-digit ISBN, without hyphens
  publisher_id INTEGER NOT NULL REFERENCES publishers(publisher_id), -- Publisher of this edition
  genre_id INTEGER NOT NULL REFERENCES genres(genre_id), -- Main genre the book is shelved under
  publication_date TEXT NOT NULL, -- Date this edition was published (YYYY-MM-DD)
  format TEXT NOT NULL, -- Edition format: 'Hardcover', 'Paperback' or 'Ebook'; ebooks are sold online only
  page_count INTEGER, -- Number of pages; NULL when the publisher did not supply it
  list_price REAL NOT NULL, -- Publisher's recommended retail price in US dollars
  language TEXT NOT NULL -- Language of the text, e.g. 'English'
);

CREATE TABLE book_authors (
  book_id INTEGER NOT NULL REFERENCES books(book_id), -- The book
  author_id INTEGER NOT NULL REFERENCES authors(author_id), -- A person credited on the book
  role TEXT NOT NULL, -- Their contribution: 'Author', 'Illustrator' or 'Translator'
  credit_order INTEGER NOT NULL, -- Position in the credits on the cover, starting at 1
  PRIMARY KEY (book_id, author_id)
);

CREATE TABLE stores (
  store_id INTEGER PRIMARY KEY, -- Unique identifier of the store
  name TEXT NOT NULL UNIQUE, -- Store name as on the sign
  city TEXT NOT NULL, -- City the store is in
  state TEXT NOT NULL, -- Two-letter US state code
  opened_date TEXT NOT NULL, -- Date the store opened (YYYY-MM-DD)
  closed_date TEXT, -- Date the store closed for good; NULL while it is open
  square_feet INTEGER NOT NULL -- Floor area in square feet
);

CREATE TABLE employees (
  employee_id INTEGER PRIMARY KEY, -- Unique identifier of the employee
  first_name TEXT NOT NULL, -- Given name
  last_name TEXT NOT NULL, -- Family name
  email TEXT NOT NULL UNIQUE, -- Work email address
  job_title TEXT NOT NULL, -- Role, e.g. 'Store Manager', 'Assistant Manager' or 'Bookseller'
  store_id INTEGER REFERENCES stores(store_id), -- Store the employee works in; NULL for head-office staff
  manager_id INTEGER REFERENCES employees(employee_id), -- The employee's line manager; NULL for the chief executive
  hire_date TEXT NOT NULL, -- First working day (YYYY-MM-DD)
  termination_date TEXT, -- Last working day (YYYY-MM-DD); NULL for current employees
  salary REAL NOT NULL -- Annual salary in US dollars
);

CREATE TABLE customers (
  customer_id INTEGER PRIMARY KEY, -- Unique identifier of the customer account
  first_name TEXT NOT NULL, -- Given name
  last_name TEXT NOT NULL, -- Family name
  email TEXT NOT NULL UNIQUE, -- Email address the customer signs in with
  phone TEXT, -- Phone number; NULL when the customer did not give one
  city TEXT NOT NULL, -- City of the customer's address
  state TEXT NOT NULL, -- Two-letter US state code of the customer's address
  home_store_id INTEGER REFERENCES stores(store_id), -- Store where the customer made most in-store purchases; NULL for customers who only shop online
  signup_date TEXT NOT NULL, -- Date the account was created (YYYY-MM-DD)
  loyalty_tier TEXT NOT NULL, -- Loyalty tier from spending in the last 12 months: 'Standard', 'Silver' or 'Gold'
  marketing_opt_in INTEGER NOT NULL -- 1 if the customer agreed to receive marketing emails, else 0
);

CREATE TABLE orders (
  order_id INTEGER PRIMARY KEY, -- Unique identifier of the order
  customer_id INTEGER REFERENCES customers(customer_id), -- Customer who placed the order; NULL for an in-store sale without a loyalty card
  store_id INTEGER REFERENCES stores(store_id), -- Store where the sale was made; NULL for online orders
  employee_id INTEGER REFERENCES employees(employee_id), -- Employee who served an in-store sale; NULL for online orders
  order_date TEXT NOT NULL, -- Local date and time the order was placed (YYYY-MM-DD HH:MM:SS)
  channel TEXT NOT NULL, -- Where the order was placed: 'Online' or 'In store'
  status TEXT NOT NULL, -- 'Completed' (in store), 'Processing', 'Shipped', 'Delivered', 'Cancelled' or 'Returned'
  discount_code TEXT NOT NULL DEFAULT '', -- Promotion code entered at checkout; empty string when none was entered
  shipping_cost REAL NOT NULL -- Shipping charged in US dollars; 0 for in-store sales and free shipping
);

CREATE TABLE order_items (
  order_item_id INTEGER PRIMARY KEY, -- Unique identifier of the order line
  order_id INTEGER NOT NULL REFERENCES orders(order_id), -- Order this line belongs to
  book_id INTEGER NOT NULL REFERENCES books(book_id), -- Book sold
  quantity INTEGER NOT NULL, -- Number of copies
  unit_price REAL NOT NULL -- Price charged per copy in US dollars, after any discount code
);

CREATE TABLE reviews (
  review_id INTEGER PRIMARY KEY, -- Unique identifier of the review
  book_id INTEGER NOT NULL REFERENCES books(book_id), -- Book reviewed
  customer_id INTEGER NOT NULL REFERENCES customers(customer_id), -- Customer who wrote the review; always one who bought the book
  rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5), -- Star rating from 1 (worst) to 5 (best)
  title TEXT NOT NULL, -- Headline of the review; empty string for a star rating without text
  body TEXT NOT NULL, -- Text of the review; empty string when the customer wrote none
  review_date TEXT NOT NULL, -- Date the review was posted (YYYY-MM-DD)
  UNIQUE (book_id, customer_id)
);

CREATE TABLE inventory (
  store_id INTEGER NOT NULL REFERENCES stores(store_id), -- Store holding the stock
  book_id INTEGER NOT NULL REFERENCES books(book_id), -- Book stocked (print editions only)
  quantity_on_hand INTEGER NOT NULL, -- Copies in the store at the last stock count; 0 when sold out
  last_restocked TEXT, -- Date of the last delivery (YYYY-MM-DD); NULL when none is recorded
  PRIMARY KEY (store_id, book_id)
);

CREATE INDEX books_publisher_id ON books(publisher_id);
CREATE INDEX books_genre_id ON books(genre_id);
CREATE INDEX book_authors_author_id ON book_authors(author_id);
CREATE INDEX employees_store_id ON employees(store_id);
CREATE INDEX orders_customer_id ON orders(customer_id);
CREATE INDEX orders_order_date ON orders(order_date);
CREATE INDEX order_items_order_id ON order_items(order_id);
CREATE INDEX order_items_book_id ON order_items(book_id);
CREATE INDEX reviews_book_id ON reviews(book_id);

CREATE VIEW book_sales AS
-- Copies sold and revenue per book, counting only orders that were not cancelled or returned
SELECT
  b.book_id,
  b.title,
  g.name AS genre,
  SUM(oi.quantity) AS copies_sold,
  ROUND(SUM(oi.quantity * oi.unit_price), 2) AS revenue
FROM books AS b
JOIN genres AS g ON g.genre_id = b.genre_id
JOIN order_items AS oi ON oi.book_id = b.book_id
JOIN orders AS o ON o.order_id = oi.order_id
WHERE o.status NOT IN ('Cancelled', 'Returned')
GROUP BY b.book_id;

CREATE VIEW monthly_sales AS
-- Orders and revenue per calendar month and channel, counting only orders that were not cancelled or returned
SELECT
  substr(o.order_date, 1, 7) AS month,
  o.channel,
  COUNT(DISTINCT o.order_id) AS orders,
  ROUND(SUM(oi.quantity * oi.unit_price), 2) AS revenue
FROM orders AS o
JOIN order_items AS oi ON oi.order_id = o.order_id
WHERE o.status NOT IN ('Cancelled', 'Returned')
GROUP BY month, o.channel;
`;

/** Where authors come from, with the language their books are first written in. */
const AUTHOR_COUNTRIES: readonly { readonly country: string; readonly language: string; readonly weight: number }[] = [
  { country: "United States", language: "English", weight: 52 },
  { country: "United Kingdom", language: "English", weight: 18 },
  { country: "Canada", language: "English", weight: 6 },
  { country: "Ireland", language: "English", weight: 4 },
  { country: "Australia", language: "English", weight: 4 },
  { country: "India", language: "English", weight: 3 },
  { country: "Nigeria", language: "English", weight: 2 },
  { country: "France", language: "French", weight: 3 },
  { country: "Mexico", language: "Spanish", weight: 2 },
  { country: "Spain", language: "Spanish", weight: 2 },
  { country: "Japan", language: "Japanese", weight: 2 },
  { country: "Germany", language: "German", weight: 1 },
  { country: "Italy", language: "Italian", weight: 1 },
];

interface Author {
  readonly id: number;
  readonly name: PersonName;
  readonly birthYear: number | null;
  readonly deathYear: number | null;
  readonly country: string;
  readonly language: string;
  readonly genreIndex: number;
  /** Relative sales appeal: a few authors sell far more than the rest. */
  readonly popularity: number;
}

interface Book {
  readonly id: number;
  readonly genreIndex: number;
  readonly publicationDay: number;
  readonly format: "Hardcover" | "Paperback" | "Ebook";
  readonly listPrice: number;
  readonly popularity: number;
  /** The mean star rating readers would give it. */
  readonly quality: number;
}

interface Employee {
  readonly id: number;
  readonly name: PersonName;
  readonly jobTitle: string;
  readonly storeId: number | null;
  readonly managerId: number | null;
  readonly hireDay: number;
  readonly terminationDay: number | null;
  readonly salary: number;
}

interface Order {
  readonly id: number;
  readonly customerIndex: number | null;
  readonly storeId: number | null;
  readonly employeeId: number | null;
  readonly day: number;
  readonly minute: number;
  readonly second: number;
  readonly channel: "Online" | "In store";
  status: string;
  readonly discountCode: string;
  readonly discountPercent: number;
  shippingCost: number;
}

interface OrderItem {
  readonly orderId: number;
  readonly bookIndex: number;
  readonly quantity: number;
  readonly unitPrice: number;
}

function fillTemplate(random: Random, template: string): string {
  return template
    .replace(/\{(\w+)\}/g, (_match, key: string) => {
      const pool = TITLE_POOLS[key];
      if (!pool) throw new Error(`Unknown word list {${key}} in a title template`);
      return random.pick(pool);
    })
    .replace(/\bA (?=[AEIOU])/g, "An ");
}

function isbn13(random: Random, used: Set<string>): string {
  for (;;) {
    const digits = `9781${String(random.int(0, 99_999_999)).padStart(8, "0")}`;
    let sum = 0;
    for (let index = 0; index < 12; index++) sum += Number(digits[index]) * (index % 2 === 0 ? 1 : 3);
    const isbn = `${digits}${(10 - (sum % 10)) % 10}`;
    if (!used.has(isbn)) {
      used.add(isbn);
      return isbn;
    }
  }
}

/** A shelf price: whole dollars ending .99 most often, sometimes .95 or .00. */
function shelfPrice(random: Random, low: number, high: number): number {
  const dollars = random.int(low, high);
  const ending = random.next();
  return cents(ending < 0.7 ? dollars + 0.99 : ending < 0.85 ? dollars + 0.95 : dollars + 1);
}

function listPriceFor(random: Random, genre: GenreSpec, format: Book["format"]): number {
  if (format === "Ebook") return shelfPrice(random, 3, 14);
  const hardcover = format === "Hardcover";
  switch (genre.name) {
    case "Children's":
      return hardcover ? shelfPrice(random, 14, 19) : shelfPrice(random, 6, 9);
    case "Cooking":
      return hardcover ? shelfPrice(random, 28, 39) : shelfPrice(random, 19, 24);
    case "Graphic Novels":
      return hardcover ? shelfPrice(random, 24, 34) : shelfPrice(random, 14, 19);
    case "Poetry":
      return hardcover ? shelfPrice(random, 19, 25) : shelfPrice(random, 12, 16);
    default:
      return hardcover ? shelfPrice(random, 23, 32) : shelfPrice(random, 11, 18);
  }
}

function buildBookshop(db: Database, random: Random): void {
  db.exec(BOOKSHOP_SCHEMA);
  const firstDay = dayOf("2020-01-01");
  const lastDay = dayOf("2024-12-31");

  // Publishers and genres come straight from the word lists.
  const publisherRows: Row[] = PUBLISHERS.map((publisher, index) => [
    index + 1,
    publisher.name,
    publisher.city,
    publisher.country,
    publisher.foundedYear,
    random.chance(0.2) ? null : `https://www.${publisher.name.toLowerCase().replace(/[^a-z]+/g, "")}.example`,
  ]);
  const genreRows: Row[] = GENRES.map((genre, index) => [index + 1, genre.name, genre.description]);

  // Authors: writers tied to a home genre, then illustrators and translators credited on some books.
  const usedNames = new Set<string>();
  const authors: Author[] = [];
  const genreSampler = weightedSampler(GENRES.map((genre) => genre.weight));
  const countrySampler = weightedSampler(AUTHOR_COUNTRIES.map((country) => country.weight));
  const newPerson = (genreIndex: number, popularity: number, country = AUTHOR_COUNTRIES[countrySampler(random)]!): Author => {
    const birthYear = 1920 + Math.floor(random.bell() * 80);
    const deathYear = birthYear < 1950 && random.chance(0.55) ? random.int(Math.max(birthYear + 55, 1990), 2023) : null;
    const author: Author = {
      id: authors.length + 1,
      name: uniqueName(random, usedNames),
      birthYear: random.chance(0.05) ? null : birthYear,
      deathYear,
      country: country.country,
      language: country.language,
      genreIndex,
      popularity,
    };
    authors.push(author);
    return author;
  };
  const writerCount = 400;
  for (let index = 0; index < writerCount; index++) {
    // Every genre gets at least one writer; after that genres fill up in proportion to their weight.
    const genreIndex = index < GENRES.length ? index : genreSampler(random);
    newPerson(genreIndex, Math.min(40, Math.pow(1 - random.next(), -1.1)));
  }
  const english = AUTHOR_COUNTRIES[0]!;
  const illustrators = Array.from({ length: 24 }, () => newPerson(-1, 1, english));
  const translators = Array.from({ length: 16 }, () => newPerson(-1, 1, english));
  const writersByGenre = GENRES.map((_genre, genreIndex) => authors.filter((author) => author.genreIndex === genreIndex));
  const writerSamplers = writersByGenre.map((writers) => weightedSampler(writers.map((writer) => writer.popularity)));

  // Books: most published in the last twenty years, priced by format and genre.
  const kidsPublishers = PUBLISHERS.flatMap((publisher, index) => (/Kids|Acorn/.test(publisher.name) ? [index] : []));
  const comicsPublishers = PUBLISHERS.flatMap((publisher, index) => (/Comics/.test(publisher.name) ? [index] : []));
  const generalPublishers = PUBLISHERS.flatMap((publisher, index) => (/Kids|Acorn|Comics/.test(publisher.name) ? [] : [index]));
  const generalPublisherSampler = weightedSampler(generalPublishers.map((index) => PUBLISHERS[index]!.weight));
  const usedTitles = new Set<string>();
  const usedIsbns = new Set<string>();
  const books: Book[] = [];
  const bookRows: Row[] = [];
  const bookAuthorRows: Row[] = [];
  const bookCount = 1600;
  for (let index = 0; index < bookCount; index++) {
    const genreIndex = genreSampler(random);
    const genre = GENRES[genreIndex]!;
    const writers = writersByGenre[genreIndex]!;
    const author = writers[writerSamplers[genreIndex]!(random)]!;

    let title = "";
    for (let attempt = 0; attempt < 200 && (title === "" || usedTitles.has(title)); attempt++) {
      title = fillTemplate(random, random.pick(genre.titles));
    }
    if (usedTitles.has(title)) throw new Error(`Ran out of distinct ${genre.name} titles; add templates`);
    usedTitles.add(title);
    const subtitle =
      genre.subtitles.length > 0 && random.chance(genre.subtitles.length > 1 ? 0.55 : 0.15)
        ? fillTemplate(random, random.pick(genre.subtitles))
        : null;

    let year = 2024 - Math.floor(64 * Math.pow(random.next(), 2.2));
    if (author.deathYear !== null && year > author.deathYear + 1) year = author.deathYear - random.int(0, 25);
    const publicationDay = Math.min(dayOf(`${year}-01-01`) + random.int(0, 364), dayOf("2024-12-10"));
    const formatRoll = random.next();
    const format: Book["format"] = formatRoll < 0.32 ? "Hardcover" : formatRoll < 0.82 ? "Paperback" : "Ebook";
    const listPrice = listPriceFor(random, genre, format);
    const publisherIndex =
      genre.name === "Children's" && random.chance(0.7)
        ? random.pick(kidsPublishers)
        : genre.name === "Graphic Novels" && random.chance(0.7)
          ? random.pick(comicsPublishers)
          : generalPublishers[generalPublisherSampler(random)]!;
    // Books in French or Spanish are sometimes stocked untranslated; everything else sells in English.
    const untranslated = (author.language === "French" || author.language === "Spanish") && random.chance(0.25);
    const language = untranslated ? author.language : "English";
    const pages = genre.minPages + Math.floor(random.bell() * (genre.maxPages - genre.minPages));

    const book: Book = {
      id: index + 1,
      genreIndex,
      publicationDay,
      format,
      listPrice,
      popularity: author.popularity * genre.weight * (0.3 + random.next()),
      quality: 2.7 + 2.2 * random.bell(),
    };
    books.push(book);
    bookRows.push([
      book.id,
      title,
      subtitle,
      isbn13(random, usedIsbns),
      publisherIndex + 1,
      genreIndex + 1,
      isoDate(publicationDay),
      format,
      random.chance(0.03) ? null : pages,
      listPrice,
      language,
    ]);

    const credited = new Set<number>([author.id]);
    bookAuthorRows.push([book.id, author.id, "Author", 1]);
    const nonFiction = ["Biography", "History", "Science", "Self-Help", "Business", "Cooking", "Travel"].includes(genre.name);
    if (writers.length > 1 && random.chance(nonFiction ? 0.14 : 0.05)) {
      const coAuthor = random.pick(writers);
      if (!credited.has(coAuthor.id)) {
        credited.add(coAuthor.id);
        bookAuthorRows.push([book.id, coAuthor.id, "Author", credited.size]);
      }
    }
    if ((genre.name === "Children's" || genre.name === "Graphic Novels") && random.chance(0.8)) {
      const illustrator = illustrators[random.skewedIndex(illustrators.length, 1.5)]!;
      credited.add(illustrator.id);
      bookAuthorRows.push([book.id, illustrator.id, "Illustrator", credited.size]);
    }
    if (author.language !== "English" && !untranslated) {
      const translator = random.pick(translators);
      credited.add(translator.id);
      bookAuthorRows.push([book.id, translator.id, "Translator", credited.size]);
    }
  }
  const authorRows: Row[] = authors.map((author) => [
    author.id,
    author.name.firstName,
    author.name.lastName,
    author.birthYear,
    author.deathYear,
    author.country,
  ]);

  // Stores, then staff: head office first so every manager_id points at an earlier row.
  const storeRows: Row[] = STORES.map((store, index) => [
    index + 1,
    store.name,
    store.city,
    store.state,
    store.openedDate,
    store.closedDate,
    store.squareFeet,
  ]);
  const employees: Employee[] = [];
  const hire = (jobTitle: string, storeId: number | null, managerId: number | null, hireDay: number, salary: number, terminationDay: number | null = null): Employee => {
    const employee: Employee = {
      id: employees.length + 1,
      name: uniqueName(random, usedNames),
      jobTitle,
      storeId,
      managerId,
      hireDay,
      terminationDay,
      salary: Math.round(salary / 100) * 100,
    };
    employees.push(employee);
    return employee;
  };
  const chiefExecutive = hire("Chief Executive Officer", null, null, dayOf("2008-06-02"), 186_000);
  const operations = hire("Director of Retail Operations", null, chiefExecutive.id, dayOf("2010-02-15"), 131_500);
  const ecommerce = hire("Head of E-commerce", null, chiefExecutive.id, dayOf("2015-09-01"), 118_000);
  const headBuyer = hire("Head Buyer", null, chiefExecutive.id, dayOf("2011-04-11"), 92_000);
  hire("Buyer", null, headBuyer.id, dayOf("2017-03-06"), 67_500);
  hire("Buyer", null, headBuyer.id, dayOf("2021-08-16"), 64_000);
  const westManager = hire("Regional Manager", null, operations.id, dayOf("2012-05-07"), 104_000);
  const eastManager = hire("Regional Manager", null, operations.id, dayOf("2016-01-11"), 98_500);
  for (let index = 0; index < 3; index++) {
    hire("Customer Service Associate", null, ecommerce.id, dayOf("2016-01-04") + random.int(0, 2500), 41_000 + random.int(0, 40) * 100);
  }
  for (let index = 0; index < 3; index++) {
    hire("Warehouse Associate", null, ecommerce.id, dayOf("2016-01-04") + random.int(0, 2500), 38_000 + random.int(0, 30) * 100);
  }
  STORES.forEach((store, storeIndex) => {
    const storeId = storeIndex + 1;
    const opened = dayOf(store.openedDate);
    const closed = store.closedDate === null ? null : dayOf(store.closedDate);
    const regional = ["OR", "WA", "CA", "CO"].includes(store.state) ? westManager : eastManager;
    const sizeBonus = (store.squareFeet - 2500) * 2.5;
    const manager = hire("Store Manager", storeId, regional.id, opened - random.int(30, 90), 61_000 + sizeBonus + random.int(0, 30) * 100, closed);
    const assistants = store.squareFeet > 4500 ? 2 : 1;
    for (let index = 0; index < assistants; index++) {
      hire("Assistant Manager", storeId, manager.id, opened - random.int(5, 30) + index * random.int(0, 900), 47_500 + random.int(0, 60) * 100, closed);
    }
    const booksellers = 3 + Math.round(store.squareFeet / 1500);
    const endOfData = closed ?? lastDay;
    for (let index = 0; index < booksellers; index++) {
      const hireDay = opened - random.int(0, 20);
      // Some booksellers leave; someone new is hired a few weeks later.
      const leaves = random.chance(0.4) && hireDay + 200 < endOfData;
      const leaveDay = leaves ? random.int(hireDay + 180, endOfData) : closed;
      hire("Bookseller", storeId, manager.id, hireDay, 34_000 + random.int(0, 70) * 100, leaveDay);
      if (leaves && leaveDay !== closed) {
        const replacementDay = (leaveDay as number) + random.int(7, 45);
        if (replacementDay < endOfData) hire("Bookseller", storeId, manager.id, replacementDay, 34_000 + random.int(0, 70) * 100, closed);
      }
    }
  });
  const employeeRows: Row[] = employees.map((employee) => [
    employee.id,
    employee.name.firstName,
    employee.name.lastName,
    `${emailLocalPart(employee.name)}@harborandquill.example`,
    employee.jobTitle,
    employee.storeId,
    employee.managerId,
    isoDate(employee.hireDay),
    employee.terminationDay === null ? null : isoDate(employee.terminationDay),
    employee.salary,
  ]);

  // Customers, numbered in the order they signed up; sign-ups grow over time.
  const customerCount = 3200;
  const citySampler = weightedSampler(US_CITIES.map((city) => city.weight));
  const signupStart = dayOf("2018-03-01");
  const signupDays = Array.from({ length: customerCount }, () => signupStart + Math.floor(Math.sqrt(random.next()) * (lastDay - 10 - signupStart))).sort((a, b) => a - b);
  const usedEmails = new Set<string>();
  const customers = signupDays.map((signupDay, index) => {
    const city = US_CITIES[citySampler(random)]!;
    const name = { firstName: FIRST_NAMES[random.skewedIndex(FIRST_NAMES.length, 1.4)]!, lastName: LAST_NAMES[random.skewedIndex(LAST_NAMES.length, 1.5)]! };
    const domain = random.pick(["example.com", "example.com", "example.net", "example.org"]);
    let email = `${emailLocalPart(name)}@${domain}`;
    for (let suffix = 2; usedEmails.has(email); suffix++) email = `${emailLocalPart(name)}${suffix}@${domain}`;
    usedEmails.add(email);
    return {
      id: index + 1,
      name,
      email,
      phone: random.chance(0.35) ? null : fictionalPhone(random, STATE_AREA_CODES[city.state] ?? "555"),
      city,
      signupDay,
      // A few customers buy a great deal; most buy now and then.
      activity: Math.min(12, Math.pow(1 - random.next(), -0.9)),
      marketingOptIn: random.chance(0.45) ? 1 : 0,
    };
  });
  const customerSampler = weightedSampler(customers.map((customer) => customer.activity));
  const signedUpBy = (day: number): number => {
    let low = 0;
    let high = customers.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (customers[middle]!.signupDay <= day) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const customersByCity = new Map<string, number[]>();
  customers.forEach((customer, index) => {
    const key = `${customer.city.city}, ${customer.city.state}`;
    customersByCity.set(key, [...(customersByCity.get(key) ?? []), index]);
  });

  // Orders: more each year, a December peak, busier weekends, and shops shut in spring 2020.
  const closureStart = dayOf("2020-03-20");
  const closureEnd = dayOf("2020-06-14");
  const days = Array.from({ length: lastDay - firstDay + 1 }, (_unused, index) => firstDay + index);
  const seasonality = [0, 0.8, 0.8, 0.95, 0.95, 1, 1, 1.1, 1.1, 1, 1, 1.3, 1.9];
  const daySampler = weightedSampler(
    days.map((day) => {
      const trend = 1 + (0.6 * (day - firstDay)) / (lastDay - firstDay);
      const weekend = weekdayOf(day) === 6 ? 1.4 : weekdayOf(day) === 0 ? 1.2 : 1;
      return trend * seasonality[monthOf(day)]! * weekend;
    }),
  );
  const bookSampler = weightedSampler(books.map((book) => book.popularity));
  const orderCount = 11_000;
  const orderDays = Array.from({ length: orderCount }, () => days[daySampler(random)]!).sort((a, b) => a - b);
  const orders: Order[] = [];
  const orderItems: OrderItem[] = [];
  const lastWeek = lastDay - 6;
  for (const day of orderDays) {
    const closedForPandemic = day >= closureStart && day <= closureEnd;
    const onlineShare = 0.38 + (0.12 * (day - firstDay)) / (lastDay - firstDay);
    const openStores = STORES.flatMap((store, index) =>
      dayOf(store.openedDate) <= day && (store.closedDate === null || day < dayOf(store.closedDate)) ? [index] : [],
    );
    const channel: Order["channel"] = closedForPandemic || random.chance(onlineShare) ? "Online" : "In store";
    let storeId: number | null = null;
    let employeeId: number | null = null;
    let customerIndex: number | null = null;
    let minute: number;
    if (channel === "In store") {
      const storeIndex = pickWeighted(random, openStores, (index) => STORES[index]!.weight);
      storeId = storeIndex + 1;
      const staff = employees.filter(
        (employee) => employee.storeId === storeId && employee.hireDay <= day && (employee.terminationDay === null || day <= employee.terminationDay),
      );
      employeeId = pickWeighted(random, staff, (employee) => (employee.jobTitle === "Bookseller" ? 3 : employee.jobTitle === "Assistant Manager" ? 2 : 1)).id;
      // Six in ten shoppers scan a loyalty card; most of those live in the store's city.
      if (random.chance(0.6)) {
        const store = STORES[storeIndex]!;
        const locals = (customersByCity.get(`${store.city}, ${store.state}`) ?? []).filter((index) => customers[index]!.signupDay <= day);
        customerIndex =
          locals.length > 0 && random.chance(0.8)
            ? pickWeighted(random, locals, (index) => customers[index]!.activity)
            : customerSampler(random, signedUpBy(day));
      }
      minute = day * MINUTES_PER_DAY + 600 + Math.floor(random.bell() * 660);
    } else {
      customerIndex = customerSampler(random, signedUpBy(day));
      minute = day * MINUTES_PER_DAY + ((Math.floor(random.bell() * MINUTES_PER_DAY) + 300) % MINUTES_PER_DAY);
    }

    // Discount codes follow the calendar: holiday codes in November and December, summer codes in summer.
    let discountCode = "";
    let discountPercent = 0;
    if (random.chance(channel === "Online" ? 0.2 : 0.08)) {
      const month = monthOf(day);
      const isNewCustomer = customerIndex !== null && day - customers[customerIndex]!.signupDay < 30;
      const candidates = DISCOUNT_CODES.filter(
        (code) =>
          (code.code === "HOLIDAY25" && month >= 11) ||
          (code.code === "SUMMERREAD" && month >= 6 && month <= 8) ||
          (code.code === "WELCOME10" && isNewCustomer) ||
          code.code === "BOOKCLUB15" ||
          code.code === "STUDENT10",
      );
      const code = random.pick(candidates);
      discountCode = code.code;
      discountPercent = code.percent;
    }

    const status =
      channel === "In store"
        ? random.chance(0.97) ? "Completed" : "Returned"
        : day >= lastWeek
          ? random.chance(0.5) ? "Processing" : "Shipped"
          : pickWeighted(random, [["Delivered", 93], ["Cancelled", 3.5], ["Returned", 3.5]] as const, (entry) => entry[1])[0];
    const order: Order = {
      id: orders.length + 1,
      customerIndex,
      storeId,
      employeeId,
      day,
      minute,
      second: random.int(0, 59),
      channel,
      status,
      discountCode,
      discountPercent,
      shippingCost: 0,
    };
    orders.push(order);

    // Items: usually one or two books; popular and recent titles sell most; ebooks only online.
    let itemCount = 1;
    while (itemCount < 7 && random.chance(0.47)) itemCount++;
    const inOrder = new Set<number>();
    let subtotal = 0;
    for (let item = 0; item < itemCount; item++) {
      for (let attempt = 0; attempt < 30; attempt++) {
        const bookIndex = bookSampler(random);
        const book = books[bookIndex]!;
        if (book.publicationDay > day || inOrder.has(bookIndex)) continue;
        if (channel === "In store" && book.format === "Ebook") continue;
        const ageInDays = day - book.publicationDay;
        if (!random.chance(ageInDays < 365 ? 1 : ageInDays < 3 * 365 ? 0.6 : 0.35)) continue;
        inOrder.add(bookIndex);
        const quantity = random.chance(0.88) ? 1 : random.chance(0.75) ? 2 : random.int(3, 5);
        const unitPrice = cents(book.listPrice * (1 - discountPercent / 100));
        subtotal += quantity * unitPrice;
        orderItems.push({ orderId: order.id, bookIndex, quantity, unitPrice });
        break;
      }
    }
    if (inOrder.size === 0) {
      // Every order has at least one line: fall back to the first print book already published.
      const bookIndex = books.findIndex((book) => book.publicationDay <= day && book.format !== "Ebook");
      const unitPrice = cents(books[bookIndex]!.listPrice * (1 - discountPercent / 100));
      subtotal += unitPrice;
      orderItems.push({ orderId: order.id, bookIndex, quantity: 1, unitPrice });
    }
    if (channel === "Online") order.shippingCost = subtotal >= 35 ? 0 : random.chance(0.9) ? 4.99 : 12.99;
  }

  // Loyalty tier from what each customer spent in the last twelve months of the data, and the
  // home store from where they shopped in person most (the earliest such store on a tie).
  const spend = new Array<number>(customers.length).fill(0);
  const orderById = new Map(orders.map((order) => [order.id, order]));
  const storeVisits = customers.map(() => new Array<number>(STORES.length + 1).fill(0));
  for (const order of orders) {
    if (order.customerIndex !== null && order.storeId !== null) storeVisits[order.customerIndex]![order.storeId]! += 1;
  }
  const homeStoreIds = storeVisits.map((visits) => {
    const most = Math.max(...visits);
    return most === 0 ? null : visits.indexOf(most);
  });
  for (const item of orderItems) {
    const order = orderById.get(item.orderId)!;
    if (order.customerIndex !== null && order.day > lastDay - 365 && order.status !== "Cancelled" && order.status !== "Returned") {
      spend[order.customerIndex]! += item.quantity * item.unitPrice;
    }
  }
  const customerRows: Row[] = customers.map((customer, index) => [
    customer.id,
    customer.name.firstName,
    customer.name.lastName,
    customer.email,
    customer.phone,
    customer.city.city,
    customer.city.state,
    homeStoreIds[index]!,
    isoDate(customer.signupDay),
    spend[index]! >= 250 ? "Gold" : spend[index]! >= 100 ? "Silver" : "Standard",
    customer.marketingOptIn,
  ]);
  const orderRows: Row[] = orders.map((order) => [
    order.id,
    order.customerIndex === null ? null : order.customerIndex + 1,
    order.storeId,
    order.employeeId,
    isoDateTime(order.minute, order.second),
    order.channel,
    order.status,
    order.discountCode,
    order.shippingCost,
  ]);
  const orderItemRows: Row[] = orderItems.map((item, index) => [index + 1, item.orderId, books[item.bookIndex]!.id, item.quantity, item.unitPrice]);

  // Reviews: some customers rate what they bought, a few weeks later; a quarter leave only stars.
  const reviewed = new Set<string>();
  const reviews: { bookId: number; customerId: number; rating: number; title: string; body: string; day: number }[] = [];
  for (const item of orderItems) {
    const order = orderById.get(item.orderId)!;
    if (order.customerIndex === null || (order.status !== "Delivered" && order.status !== "Completed")) continue;
    if (!random.chance(0.16)) continue;
    const book = books[item.bookIndex]!;
    const key = `${book.id}:${order.customerIndex}`;
    const reviewDay = order.day + random.int(4, 60);
    if (reviewed.has(key) || reviewDay > lastDay) continue;
    reviewed.add(key);
    // Most ratings follow the book's quality; a few readers give one or two stars whatever the book.
    const rating = random.chance(0.05) ? random.int(1, 2) : Math.max(1, Math.min(5, Math.round(book.quality + (random.next() - 0.5) * 3)));
    const starsOnly = random.chance(0.25);
    const headlineOnly = !starsOnly && random.chance(0.12);
    const sentences = pickDistinct(random, REVIEW_SENTENCES[rating - 1]!, random.int(1, 3), () => 1);
    reviews.push({
      bookId: book.id,
      customerId: order.customerIndex + 1,
      rating,
      title: starsOnly ? "" : random.pick(REVIEW_TITLES[rating - 1]!),
      body: starsOnly || headlineOnly ? "" : sentences.join(" "),
      day: reviewDay,
    });
  }
  reviews.sort((a, b) => a.day - b.day || a.bookId - b.bookId || a.customerId - b.customerId);
  const reviewRows: Row[] = reviews.map((review, index) => [
    index + 1,
    review.bookId,
    review.customerId,
    review.rating,
    review.title,
    review.body,
    isoDate(review.day),
  ]);

  // Inventory of open stores at the end of 2024: print books, popular ones more often and in larger piles.
  const maximumPopularity = Math.max(...books.map((book) => book.popularity));
  const inventoryRows: Row[] = [];
  STORES.forEach((store, storeIndex) => {
    if (store.closedDate !== null) return;
    const shelfShare = 0.25 + store.squareFeet / 16_000;
    for (const book of books) {
      if (book.format === "Ebook") continue;
      const appeal = book.popularity / maximumPopularity;
      if (!random.chance(Math.min(0.95, shelfShare + appeal))) continue;
      const quantity = random.chance(0.08) ? 0 : 1 + Math.floor(Math.pow(random.next(), 2) * (4 + 30 * appeal));
      const restocked = random.chance(0.05) ? null : isoDate(random.int(dayOf("2024-06-01"), dayOf("2024-12-27")));
      inventoryRows.push([storeIndex + 1, book.id, quantity, restocked]);
    }
  });

  insertRows(db, "publishers", ["publisher_id", "name", "city", "country", "founded_year", "website"], publisherRows);
  insertRows(db, "genres", ["genre_id", "name", "description"], genreRows);
  insertRows(db, "authors", ["author_id", "first_name", "last_name", "birth_year", "death_year", "country"], authorRows);
  insertRows(
    db,
    "books",
    ["book_id", "title", "subtitle", "isbn13", "publisher_id", "genre_id", "publication_date", "format", "page_count", "list_price", "language"],
    bookRows,
  );
  insertRows(db, "book_authors", ["book_id", "author_id", "role", "credit_order"], bookAuthorRows);
  insertRows(db, "stores", ["store_id", "name", "city", "state", "opened_date", "closed_date", "square_feet"], storeRows);
  insertRows(
    db,
    "employees",
    ["employee_id", "first_name", "last_name", "email", "job_title", "store_id", "manager_id", "hire_date", "termination_date", "salary"],
    employeeRows,
  );
  insertRows(
    db,
    "customers",
    ["customer_id", "first_name", "last_name", "email", "phone", "city", "state", "home_store_id", "signup_date", "loyalty_tier", "marketing_opt_in"],
    customerRows,
  );
  insertRows(
    db,
    "orders",
    ["order_id", "customer_id", "store_id", "employee_id", "order_date", "channel", "status", "discount_code", "shipping_cost"],
    orderRows,
  );
  insertRows(db, "order_items", ["order_item_id", "order_id", "book_id", "quantity", "unit_price"], orderItemRows);
  insertRows(db, "reviews", ["review_id", "book_id", "customer_id", "rating", "title", "body", "review_date"], reviewRows);
  insertRows(db, "inventory", ["store_id", "book_id", "quantity_on_hand", "last_restocked"], inventoryRows);
}

// ---------------------------------------------------------------------------------------------
// Sample 2: flights.

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
  const a =
    Math.sin(latitudeDelta / 2) ** 2 +
    Math.cos(from.latitude * radians) * Math.cos(to.latitude * radians) * Math.sin(longitudeDelta / 2) ** 2;
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
      for (const [origin, target] of [[hub, destination], [destination, hub]] as const) {
        routes.push({ id: routes.length + 1, airlineIndex, origin, destination: target, distance, minutes });
      }
    }
  });
  const routeRows: Row[] = routes.map((route) => [
    route.id,
    route.airlineIndex + 1,
    route.origin.code,
    route.destination.code,
    route.distance,
    route.minutes,
  ]);

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
    const slotStarts = departuresPerDay === 1 ? [random.int(8 * 12, 22 * 12) * 5] : [6, 12, 17].slice(0, departuresPerDay).map((hour) => (hour * 12 + random.int(0, 55)) * 5);
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
              : pickWeighted(random, [["Mechanical", 45], ["Crew availability", 25], ["Weather", 15], ["Air traffic control", 15]] as const, (entry) => entry[1])[0];
          flightRows.push([flightRows.length + 1, route.id, flightNumber, aircraft.id, isoDateTime(scheduledDeparture), isoDateTime(scheduledArrival), null, null, null, null, "Cancelled", reason, null]);
          continue;
        }
        // Delays pile up through the day, so evening departures are later more often.
        const lateInDay = localMinute >= 17 * 60 ? 0.1 : 0;
        const delayChance = 0.24 * airline.unreliability + lateInDay + (unsettledWeather ? 0.2 : 0) + (originStorm || destinationStorm ? 0.45 : 0);
        const departureDelay = random.chance(delayChance)
          ? Math.min(720, 16 + Math.round(random.exponential(originStorm ? 95 : 34)))
          : random.int(-7, 14);
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
      "flight_id", "route_id", "flight_number", "aircraft_id", "scheduled_departure", "scheduled_arrival", "actual_departure",
      "actual_arrival", "departure_delay_minutes", "arrival_delay_minutes", "status", "cancellation_reason", "passengers",
    ],
    numberedFlights,
  );
}

// ---------------------------------------------------------------------------------------------
// Sample 3: clinic.

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

const VISIT_TYPES: Readonly<Record<string, { readonly minutes: number; readonly feeFactor: number }>> = {
  "New patient": { minutes: 40, feeFactor: 1.4 },
  "Follow-up": { minutes: 20, feeFactor: 0.8 },
  "Annual physical": { minutes: 30, feeFactor: 1.2 },
  Procedure: { minutes: 60, feeFactor: 2.5 },
  Telehealth: { minutes: 20, feeFactor: 0.6 },
};

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
    const allergies = random.chance(0.12)
      ? null
      : random.chance(0.72)
        ? ""
        : pickDistinct(random, ALLERGIES, random.chance(0.8) ? 1 : 2, () => 1).join(", ");
    const insurer =
      random.chance(ageAtEnd >= 65 ? 0.02 : 0.09)
        ? null
        : ageAtEnd >= 65 && random.chance(0.8)
          ? "Medicare"
          : pickWeighted(random, INSURERS.filter((candidate) => candidate.name !== "Medicare"), (candidate) => candidate.weight).name;
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
    const fee =
      status === "Completed"
        ? cents(department.baseFee * type.feeFactor * (0.95 + random.next() * 0.1))
        : status === "No-show"
          ? 50
          : null;
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
      "patient_id", "first_name", "last_name", "sex", "birth_date", "city", "state", "phone", "email", "insurance_provider",
      "allergies", "primary_doctor_id", "registered_date",
    ],
    patientRows,
  );
  insertRows(
    db,
    "appointments",
    ["appointment_id", "patient_id", "doctor_id", "scheduled_at", "duration_minutes", "visit_type", "reason", "status", "diagnosis", "fee"],
    appointmentRows,
  );
  insertRows(
    db,
    "medications",
    ["medication_id", "name", "drug_class", "form", "strength", "unit_price", "requires_prior_authorization"],
    medicationRows,
  );
  insertRows(
    db,
    "prescriptions",
    ["prescription_id", "appointment_id", "medication_id", "dosage", "frequency", "quantity", "refills", "start_date", "end_date"],
    prescriptionRows,
  );
}

// ---------------------------------------------------------------------------------------------
// The samples and their manifest.

/** One entry of public/samples/manifest.json; the key order here is the order in the file. */
export interface ManifestEntry {
  id: string;
  file: string;
  title: string;
  description: string;
  /** Tables, views excluded. */
  tables: number;
  /** Rows across all tables. */
  rows: number;
  /** Size of the .sqlite file. */
  bytes: number;
  exampleQuestions: string[];
  /** A SELECT that returns something interesting; the editor starts with it. */
  exampleQuery: string;
}

export interface BuiltSample {
  id: string;
  bytes: Uint8Array;
  manifestEntry: ManifestEntry;
}

interface SampleDefinition {
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** Each sample has its own seed, so changing one sample leaves the others' bytes alone. */
  readonly seed: number;
  readonly exampleQuestions: readonly [string, string, string];
  readonly exampleQuery: string;
  readonly build: (db: Database, random: Random) => void;
}

/** The samples in manifest order; the first is the one opened at first start. */
const SAMPLES: readonly SampleDefinition[] = [
  {
    id: "bookshop",
    title: "Bookshop",
    description:
      "A chain of bookshops: its catalogue of books, authors and publishers, customers and staff, five years of online and in-store orders, reviews and stock levels.",
    seed: 20240101,
    exampleQuestions: [
      "Which ten books earned the most revenue in 2024?",
      "What is the average star rating of books in each genre?",
      "Which store sold the most copies in December 2023?",
    ],
    exampleQuery: `SELECT b.title,
       a.first_name || ' ' || a.last_name AS author,
       g.name AS genre,
       SUM(oi.quantity) AS copies_sold,
       ROUND(SUM(oi.quantity * oi.unit_price), 2) AS revenue
FROM order_items AS oi
JOIN orders AS o ON o.order_id = oi.order_id
JOIN books AS b ON b.book_id = oi.book_id
JOIN genres AS g ON g.genre_id = b.genre_id
JOIN book_authors AS ba ON ba.book_id = b.book_id AND ba.credit_order = 1
JOIN authors AS a ON a.author_id = ba.author_id
WHERE o.status NOT IN ('Cancelled', 'Returned')
  AND o.order_date >= '2024-01-01'
GROUP BY b.book_id
ORDER BY revenue DESC
LIMIT 10;`,
    build: buildBookshop,
  },
  {
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
  },
  {
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
  },
];

function buildSample(SQL: SqlJsStatic, definition: SampleDefinition): BuiltSample {
  const db = new SQL.Database();
  try {
    // Enforced while building, so a generator bug fails here instead of shipping dangling keys.
    db.run("PRAGMA foreign_keys = ON");
    definition.build(db, createRandom(definition.seed));
    // Rewrites the file with every page packed, so the download is as small as it can be.
    db.run("VACUUM");
    const tables = queryRows(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").map(
      (row) => String(row[0]),
    );
    const rows = tables.reduce((sum, table) => sum + Number(queryRows(db, `SELECT COUNT(*) FROM "${table}"`)[0]?.[0] ?? 0), 0);
    const bytes = db.export();
    return {
      id: definition.id,
      bytes,
      manifestEntry: {
        id: definition.id,
        file: `${definition.id}.sqlite`,
        title: definition.title,
        description: definition.description,
        tables: tables.length,
        rows,
        bytes: bytes.length,
        exampleQuestions: [...definition.exampleQuestions],
        exampleQuery: definition.exampleQuery,
      },
    };
  } finally {
    db.close();
  }
}

/** Builds every sample in memory, in manifest order. */
export function buildAllSamples(SQL: SqlJsStatic): BuiltSample[] {
  return SAMPLES.map((definition) => buildSample(SQL, definition));
}

/** The manifest.json text, byte for byte as written to disk. */
export function renderManifest(entries: readonly ManifestEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

async function main(): Promise<void> {
  const SQL = await initSqlJs();
  const samples = buildAllSamples(SQL);
  mkdirSync(SAMPLES_DIRECTORY, { recursive: true });
  for (const sample of samples) {
    writeFileSync(join(SAMPLES_DIRECTORY, sample.manifestEntry.file), sample.bytes);
    const { tables, rows, bytes } = sample.manifestEntry;
    console.log(`${sample.manifestEntry.file}: ${tables} tables, ${rows} rows, ${bytes} bytes`);
  }
  writeFileSync(join(SAMPLES_DIRECTORY, "manifest.json"), renderManifest(samples.map((sample) => sample.manifestEntry)));
  console.log(`manifest.json: ${samples.length} samples`);
}

// Only when run as a script; importing this module (the test does) must not write files.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

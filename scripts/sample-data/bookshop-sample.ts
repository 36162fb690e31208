// The bookshop sample, the default and the largest: its schema, how its rows are drawn, and its manifest entry.
import type { Database } from "sql.js";
import { AUTHOR_COUNTRIES, DISCOUNT_CODES, GENRES, PUBLISHERS, REVIEW_SENTENCES, REVIEW_TITLES, STORES, TITLE_POOLS, type GenreSpec } from "./books";
import { FIRST_NAMES, LAST_NAMES } from "./people";
import { STATE_AREA_CODES, US_CITIES } from "./places";
import {
  cents,
  dayOf,
  emailLocalPart,
  fictionalPhone,
  insertRows,
  isoDate,
  isoDateTime,
  MINUTES_PER_DAY,
  monthOf,
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
      genre.subtitles.length > 0 && random.chance(genre.subtitles.length > 1 ? 0.55 : 0.15) ? fillTemplate(random, random.pick(genre.subtitles)) : null;

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
  const storeRows: Row[] = STORES.map((store, index) => [index + 1, store.name, store.city, store.state, store.openedDate, store.closedDate, store.squareFeet]);
  const employees: Employee[] = [];
  const hire = (
    jobTitle: string,
    storeId: number | null,
    managerId: number | null,
    hireDay: number,
    salary: number,
    terminationDay: number | null = null,
  ): Employee => {
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
  const signupDays = Array.from({ length: customerCount }, () => signupStart + Math.floor(Math.sqrt(random.next()) * (lastDay - 10 - signupStart))).sort(
    (a, b) => a - b,
  );
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
        ? random.chance(0.97)
          ? "Completed"
          : "Returned"
        : day >= lastWeek
          ? random.chance(0.5)
            ? "Processing"
            : "Shipped"
          : pickWeighted(
              random,
              [
                ["Delivered", 93],
                ["Cancelled", 3.5],
                ["Returned", 3.5],
              ] as const,
              (entry) => entry[1],
            )[0];
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

/** First in the manifest: the sample opened at first start. */
export const BOOKSHOP_SAMPLE: SampleDefinition = {
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
};

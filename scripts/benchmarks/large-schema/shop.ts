// The e-commerce domain: an online shop's customers, catalogue, orders with their lines, coupons, reviews and shipments.
import type { Database } from "sql.js";
import { FIRST_NAMES, LAST_NAMES } from "../../sample-data/people";
import {
  cents,
  dayOf,
  emailLocalPart,
  insertRows,
  isoDate,
  isoDateTime,
  MINUTES_PER_DAY,
  pickWeighted,
  type Random,
  type Row,
} from "../../sample-data/sample-kit";
import { personName, type WarehouseDomain } from "./domain";

/** [category, parent, nouns sold in it]; a parent of null is a top-level department. */
// prettier-ignore
const CATEGORIES: readonly (readonly [string, string | null, readonly string[]])[] = [
  ["Electronics", null, []], ["Headphones", "Electronics", ["Headphones", "Earbuds", "Headset"]],
  ["Laptops", "Electronics", ["Laptop", "Notebook", "Ultrabook"]], ["Phones", "Electronics", ["Smartphone", "Phone Case", "Charger"]],
  ["Cameras", "Electronics", ["Camera", "Lens", "Tripod"]], ["Home", null, []],
  ["Kitchen", "Home", ["Kettle", "Blender", "Frying Pan", "Knife Set"]], ["Furniture", "Home", ["Desk", "Office Chair", "Bookcase"]],
  ["Bedding", "Home", ["Duvet", "Pillow", "Sheet Set"]], ["Outdoors", null, []],
  ["Camping", "Outdoors", ["Tent", "Sleeping Bag", "Camp Stove"]], ["Cycling", "Outdoors", ["Bike Helmet", "Bike Light", "Saddle"]],
  ["Toys", null, ["Puzzle", "Board Game", "Building Set"]], ["Beauty", null, ["Face Cream", "Shampoo", "Perfume"]],
  ["Grocery", null, []], ["Coffee", "Grocery", ["Coffee Beans", "Ground Coffee", "Espresso Pods"]],
  ["Tea", "Grocery", ["Green Tea", "Black Tea", "Herbal Tea"]],
];

// prettier-ignore
const BRANDS: readonly (readonly [string, string])[] = [
  ["Nordvik", "SE"], ["Sonora", "US"], ["Kaito", "JP"], ["Bellamy", "GB"], ["Vela", "IT"], ["Casa Roja", "ES"],
  ["Alpenrot", "DE"], ["Lumen", "NL"], ["Maple & Co", "CA"], ["Kiwi Outdoor", "NZ"], ["Hanbit", "KR"], ["Orion", "US"],
  ["Fjell", "NO"], ["Sol y Mar", "ES"], ["Brava", "PT"], ["Tessera", "IT"], ["Moulin", "FR"], ["Zenith", "CH"],
  ["Redwood", "US"], ["Aurora", "FI"], ["Kumo", "JP"], ["Harbor", "IE"], ["Atlas", "GR"], ["Pampa", "AR"],
];

const ADJECTIVES = ["Classic", "Pro", "Lite", "Max", "Mini", "Ultra", "Eco", "Plus", "Air", "Sport", "Studio", "Travel"];
/** Where customers live: codes and weights; Spain and Italy are large markets so their codes matter in questions. */
// prettier-ignore
const CUSTOMER_COUNTRIES: readonly (readonly [string, number])[] = [
  ["US", 30], ["GB", 10], ["DE", 9], ["ES", 8], ["IT", 8], ["FR", 7], ["NL", 5], ["IE", 3], ["PT", 3], ["CA", 5],
  ["AT", 2], ["BE", 2], ["SE", 2], ["NO", 2], ["AU", 3], ["MX", 2], ["AN", 1], ["IS", 1],
];
const ORDER_STATUSES: readonly (readonly [string, number])[] = [
  ["DONE", 60],
  ["SENT", 12],
  ["PAID", 8],
  ["NEW", 6],
  ["HOLD", 4],
  ["RET", 5],
  ["VOID", 5],
];
const CARRIERS = ["UPS", "DHL", "FedEx", "USPS", "PostNL", "Correos", "Poste Italiane"];
const REVIEW_HEADLINES = ["Great value", "Does the job", "Not as described", "Love it", "Broke after a month", "Fast delivery", "Too small", "Would buy again"];

const FIRST_DAY = dayOf("2023-01-01");
const LAST_DAY = dayOf("2025-06-30");

function build(db: Database, random: Random): void {
  db.run(`CREATE TABLE shop_customers (
  customer_no INTEGER PRIMARY KEY,
  fullName TEXT NOT NULL, -- First and last name as typed at sign-up
  email TEXT NOT NULL UNIQUE,
  country_code TEXT NOT NULL REFERENCES countries(iso2), -- Country of the billing address
  signupDate TEXT NOT NULL, -- YYYY-MM-DD
  segment TEXT NOT NULL -- 'B2C', 'B2B' or 'VIP'
)`);
  const customers: Row[] = [];
  const signups: number[] = [];
  const emails = new Set<string>();
  for (let id = 1; id <= 800; id++) {
    const name = personName(random, FIRST_NAMES, LAST_NAMES);
    let email = `${emailLocalPart({ firstName: name.first, lastName: name.last })}@example.com`;
    for (let n = 2; emails.has(email); n++) email = `${emailLocalPart({ firstName: name.first, lastName: name.last })}${n}@example.com`;
    emails.add(email);
    const signup = FIRST_DAY - 400 + Math.floor(((LAST_DAY - 30 - (FIRST_DAY - 400)) * id) / 800);
    signups.push(signup);
    const segment = random.chance(0.06) ? "VIP" : random.chance(0.12) ? "B2B" : "B2C";
    customers.push([id, `${name.first} ${name.last}`, email, pickWeighted(random, CUSTOMER_COUNTRIES, (c) => c[1])[0], isoDate(signup), segment]);
  }
  insertRows(db, "shop_customers", ["customer_no", "fullName", "email", "country_code", "signupDate", "segment"], customers);

  db.run(`CREATE TABLE product_categories (
  category_id INTEGER PRIMARY KEY,
  category_name TEXT NOT NULL UNIQUE,
  parent_id INTEGER REFERENCES product_categories(category_id) -- NULL for a top-level department
)`);
  const categoryId = new Map<string, number>();
  insertRows(
    db,
    "product_categories",
    ["category_id", "category_name", "parent_id"],
    CATEGORIES.map(([name, parent], index) => {
      categoryId.set(name, index + 1);
      return [index + 1, name, parent === null ? null : categoryId.get(parent)!];
    }),
  );

  db.run(`CREATE TABLE brands (
  brand_id INTEGER PRIMARY KEY,
  brand_name TEXT NOT NULL UNIQUE,
  origin_country TEXT REFERENCES countries(iso2) -- Where the brand is based
)`);
  insertRows(
    db,
    "brands",
    ["brand_id", "brand_name", "origin_country"],
    BRANDS.map(([name, country], index) => [index + 1, name, country]),
  );

  db.run(`CREATE TABLE products (
  product_id INTEGER PRIMARY KEY,
  sku TEXT NOT NULL UNIQUE, -- Stock-keeping unit printed on the label
  product_name TEXT NOT NULL,
  category_id INTEGER NOT NULL REFERENCES product_categories(category_id),
  brand_id INTEGER NOT NULL REFERENCES brands(brand_id),
  list_price REAL NOT NULL, -- Price before discounts, USD
  weight_g INTEGER,
  is_active INTEGER NOT NULL -- 1 while the product can be ordered
)`);
  const leafCategories = CATEGORIES.filter(([, , nouns]) => nouns.length > 0);
  const products: Row[] = [];
  const prices: number[] = [];
  const names = new Set<string>();
  for (let id = 1; products.length < 400; id++) {
    const [category, , nouns] = random.pick(leafCategories);
    const brand = random.int(1, BRANDS.length);
    const name = `${BRANDS[brand - 1]![0]} ${random.pick(ADJECTIVES)} ${random.pick(nouns)}`;
    if (names.has(name)) continue;
    names.add(name);
    const base = ["Laptops", "Cameras", "Furniture", "Phones"].includes(category) ? 180 : ["Coffee", "Tea", "Beauty", "Toys"].includes(category) ? 12 : 45;
    const price = cents(base * (0.5 + random.exponential(1)) + 0.99);
    prices.push(price);
    const number = products.length + 1;
    products.push([
      number,
      `SKU-${String(10000 + number * 7)}`,
      name,
      categoryId.get(category)!,
      brand,
      price,
      random.chance(0.1) ? null : random.int(80, 9000),
      random.chance(0.88) ? 1 : 0,
    ]);
  }
  insertRows(db, "products", ["product_id", "sku", "product_name", "category_id", "brand_id", "list_price", "weight_g", "is_active"], products);

  db.run(`CREATE TABLE coupons (
  coupon_code TEXT PRIMARY KEY, -- Code the customer types at checkout
  pct_off INTEGER NOT NULL, -- Discount in percent
  valid_from TEXT NOT NULL,
  valid_to TEXT NOT NULL,
  campaign TEXT
)`);
  // prettier-ignore
  const coupons: Row[] = [
    ["WELCOME10", 10, "2023-01-01", "2025-12-31", "Sign-up"], ["SPRING15", 15, "2024-03-01", "2024-05-31", "Spring sale"],
    ["SUMMER20", 20, "2024-06-01", "2024-08-31", "Summer sale"], ["BF30", 30, "2024-11-25", "2024-12-02", "Black Friday"],
    ["BF25", 25, "2023-11-20", "2023-11-27", "Black Friday"], ["XMAS10", 10, "2023-12-01", "2023-12-24", "Holidays"],
    ["XMAS15", 15, "2024-12-01", "2024-12-24", "Holidays"], ["VIP5", 5, "2023-01-01", "2025-12-31", "VIP"],
    ["FREESHIP", 0, "2023-01-01", "2025-12-31", "Shipping"], ["NEWYEAR", 12, "2025-01-01", "2025-01-15", "New year"],
  ];
  insertRows(db, "coupons", ["coupon_code", "pct_off", "valid_from", "valid_to", "campaign"], coupons);

  db.run(`CREATE TABLE web_orders (
  order_no INTEGER PRIMARY KEY,
  customer_no INTEGER NOT NULL REFERENCES shop_customers(customer_no),
  placed_at TEXT NOT NULL, -- YYYY-MM-DD HH:MM:SS, UTC
  order_status TEXT NOT NULL, -- 'NEW', 'PAID', 'SENT', 'DONE' (delivered), 'HOLD' (payment check), 'RET' (returned), 'VOID' (cancelled)
  ship_country TEXT NOT NULL REFERENCES countries(iso2),
  payment_method TEXT NOT NULL
)`);
  db.run(`CREATE TABLE web_order_lines (
  order_no INTEGER NOT NULL REFERENCES web_orders(order_no),
  line_no INTEGER NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products(product_id),
  qty INTEGER NOT NULL,
  unit_price REAL NOT NULL, -- Price charged per unit, USD
  discount_amt REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (order_no, line_no)
) WITHOUT ROWID`);
  db.run(`CREATE TABLE order_coupons (
  order_no INTEGER NOT NULL REFERENCES web_orders(order_no),
  coupon_code TEXT NOT NULL REFERENCES coupons(coupon_code),
  PRIMARY KEY (order_no, coupon_code)
) WITHOUT ROWID`);
  db.run(`CREATE TABLE shipments (
  shipment_id INTEGER PRIMARY KEY,
  order_no INTEGER NOT NULL REFERENCES web_orders(order_no),
  carrier TEXT NOT NULL,
  shipped_on TEXT NOT NULL,
  delivered_on TEXT, -- NULL while in transit
  tracking_no TEXT
)`);
  const orders: Row[] = [];
  const lines: Row[] = [];
  const orderCoupons: Row[] = [];
  const shipments: Row[] = [];
  for (let orderNo = 1; orderNo <= 1500; orderNo++) {
    const day = FIRST_DAY + Math.floor(((LAST_DAY - FIRST_DAY) * orderNo) / 1500);
    const eligible = signups.filter((signup) => signup <= day).length;
    const customer = 1 + random.skewedIndex(Math.max(1, eligible), 1.2);
    const customerRow = customers[customer - 1]!;
    const status = pickWeighted(random, ORDER_STATUSES, (s) => s[1])[0];
    const country = random.chance(0.93) ? (customerRow[3] as string) : random.pick(CUSTOMER_COUNTRIES)[0];
    const method = country === "NL" && random.chance(0.5) ? "iDEAL" : customerRow[5] === "B2B" ? "invoice" : random.chance(0.7) ? "card" : "paypal";
    orders.push([orderNo, customer, isoDateTime(day * MINUTES_PER_DAY + random.int(360, 1380)), status, country, method]);
    const lineCount = 1 + random.skewedIndex(4, 2);
    const used = new Set<number>();
    for (let line = 1; line <= lineCount; line++) {
      const product = 1 + random.skewedIndex(products.length, 1.3);
      if (used.has(product)) continue;
      used.add(product);
      const price = prices[product - 1]!;
      lines.push([orderNo, line, product, random.chance(0.8) ? 1 : random.int(2, 5), price, random.chance(0.15) ? cents(price * 0.1) : 0]);
    }
    if (random.chance(0.18)) {
      const valid = coupons.filter((coupon) => coupon[2]! <= isoDate(day) && coupon[3]! >= isoDate(day));
      if (valid.length > 0) orderCoupons.push([orderNo, random.pick(valid)[0]!]);
    }
    if (["SENT", "DONE", "RET"].includes(status)) {
      const shipped = day + random.int(0, 3);
      const delivered = status === "SENT" ? null : isoDate(shipped + random.int(1, 9));
      shipments.push([
        shipments.length + 1,
        orderNo,
        random.pick(CARRIERS),
        isoDate(shipped),
        delivered,
        random.chance(0.95) ? `TRK${String(700000 + orderNo * 13)}` : null,
      ]);
    }
  }
  insertRows(db, "web_orders", ["order_no", "customer_no", "placed_at", "order_status", "ship_country", "payment_method"], orders);
  insertRows(db, "web_order_lines", ["order_no", "line_no", "product_id", "qty", "unit_price", "discount_amt"], lines);
  insertRows(db, "order_coupons", ["order_no", "coupon_code"], orderCoupons);
  insertRows(db, "shipments", ["shipment_id", "order_no", "carrier", "shipped_on", "delivered_on", "tracking_no"], shipments);

  db.run(`CREATE TABLE product_reviews (
  review_id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(product_id),
  customer_no INTEGER NOT NULL REFERENCES shop_customers(customer_no),
  stars INTEGER NOT NULL, -- 1 to 5
  headline TEXT,
  reviewed_on TEXT NOT NULL
)`);
  const reviews: Row[] = [];
  for (let id = 1; id <= 700; id++) {
    const line = random.pick(lines);
    const order = orders[(line[0] as number) - 1]!;
    const stars = Math.min(5, Math.max(1, Math.round(1 + random.bell() * 5)));
    const headline = random.chance(0.2) ? null : REVIEW_HEADLINES[stars >= 4 ? random.pick([0, 3, 5, 7]) : random.pick([1, 2, 4, 6])]!;
    reviews.push([id, line[2]!, order[1]!, stars, headline, isoDate(dayOf((order[2] as string).slice(0, 10)) + random.int(5, 60))]);
  }
  insertRows(db, "product_reviews", ["review_id", "product_id", "customer_no", "stars", "headline", "reviewed_on"], reviews);
}

export const SHOP_DOMAIN: WarehouseDomain = { id: "shop", seed: 1101, build };

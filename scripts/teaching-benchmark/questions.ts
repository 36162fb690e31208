// The teaching benchmark's questions and gold SQL over the bundled samples, written for QueryLab; scripts/teaching-benchmark.ts turns them into public/benchmark.
import { z } from "zod";

export const TEACHING_DATABASES = ["bookshop", "flights", "clinic"] as const;

export type TeachingDatabase = (typeof TEACHING_DATABASES)[number];

export interface TeachingQuestion {
  db_id: TeachingDatabase;
  /** Asked the way a person would, with values in everyday spelling ("mystery", "no-shows", "jfk"). */
  question: string;
  /** The gold SQL; where the question asks for a ranking, ties are broken explicitly so the order is one answer. */
  query: string;
  /** The stored values the question's words must be matched to, exactly as the gold SQL writes them. */
  literals?: string[];
}

export const teachingQuestionSchema: z.ZodType<TeachingQuestion> = z.object({
  db_id: z.enum(TEACHING_DATABASES),
  question: z.string().min(1),
  query: z.string().min(1),
  literals: z.array(z.string().min(1)).optional(),
});

// The order here is the order of public/benchmark/dev.json; add new questions at the end of their database.
export const TEACHING_QUESTIONS: readonly TeachingQuestion[] = [
  // ------------------------------------------------------------------------------------------------
  // bookshop
  {
    db_id: "bookshop",
    question: "How many customers are in the gold loyalty tier?",
    query: "SELECT count(*) FROM customers WHERE loyalty_tier = 'Gold'",
    literals: ["Gold"],
  },
  {
    db_id: "bookshop",
    question: "What is the average list price of hardcover books?",
    query: "SELECT avg(list_price) FROM books WHERE format = 'Hardcover'",
    literals: ["Hardcover"],
  },
  {
    db_id: "bookshop",
    question: "List the names of our stores in Seattle.",
    query: "SELECT name FROM stores WHERE city = 'Seattle'",
    literals: ["Seattle"],
  },
  {
    db_id: "bookshop",
    question: "How many orders were cancelled?",
    query: "SELECT count(*) FROM orders WHERE status = 'Cancelled'",
    literals: ["Cancelled"],
  },
  {
    db_id: "bookshop",
    question: "Which stores have closed for good?",
    query: "SELECT name FROM stores WHERE closed_date IS NOT NULL",
  },
  {
    db_id: "bookshop",
    question: "How many of our books are in french?",
    query: "SELECT count(*) FROM books WHERE language = 'French'",
    literals: ["French"],
  },
  {
    db_id: "bookshop",
    question: "How many different countries do our authors come from?",
    query: "SELECT count(DISTINCT country) FROM authors",
  },
  {
    db_id: "bookshop",
    question: "How many orders used the discount code student10?",
    query: "SELECT count(*) FROM orders WHERE discount_code = 'STUDENT10'",
    literals: ["STUDENT10"],
  },
  {
    db_id: "bookshop",
    question: "How many reviews gave a book just one star?",
    query: "SELECT count(*) FROM reviews WHERE rating = 1",
  },
  {
    db_id: "bookshop",
    question: "How many books do we have in each format?",
    query: "SELECT format, count(*) FROM books GROUP BY format",
  },
  {
    db_id: "bookshop",
    question: "How many orders came in online and how many in store?",
    query: "SELECT channel, count(*) FROM orders GROUP BY channel",
  },
  {
    db_id: "bookshop",
    question: "How many books are shelved under mystery?",
    query: `SELECT count(*)
FROM books AS b
JOIN genres AS g ON g.genre_id = b.genre_id
WHERE g.name = 'Mystery'`,
    literals: ["Mystery"],
  },
  {
    db_id: "bookshop",
    question: "What are the titles of the books published by larkspur press?",
    query: `SELECT b.title
FROM books AS b
JOIN publishers AS p ON p.publisher_id = b.publisher_id
WHERE p.name = 'Larkspur Press'`,
    literals: ["Larkspur Press"],
  },
  {
    db_id: "bookshop",
    question: "What are the lowest, highest and average salaries of our booksellers?",
    query: "SELECT min(salary), max(salary), avg(salary) FROM employees WHERE job_title = 'Bookseller'",
    literals: ["Bookseller"],
  },
  {
    db_id: "bookshop",
    question: "What are the titles and list prices of the three most expensive books?",
    query: "SELECT title, list_price FROM books ORDER BY list_price DESC, book_id LIMIT 3",
  },
  {
    db_id: "bookshop",
    question: "Which publisher was founded first? Give its name and city.",
    query: "SELECT name, city FROM publishers ORDER BY founded_year, publisher_id LIMIT 1",
  },
  {
    db_id: "bookshop",
    question: "How many employees work at each store? Show the store name with the count.",
    query: `SELECT s.name, count(*)
FROM employees AS e
JOIN stores AS s ON s.store_id = e.store_id
GROUP BY s.store_id`,
  },
  {
    db_id: "bookshop",
    question: "Which genres have more than 100 books? Show each genre with its number of books.",
    query: `SELECT g.name, count(*)
FROM genres AS g
JOIN books AS b ON b.genre_id = g.genre_id
GROUP BY g.genre_id
HAVING count(*) > 100`,
  },
  {
    db_id: "bookshop",
    question: "What are the emails of the customers who have written more than three reviews?",
    query: `SELECT c.email
FROM customers AS c
JOIN reviews AS r ON r.customer_id = c.customer_id
GROUP BY c.customer_id
HAVING count(*) > 3`,
  },
  {
    db_id: "bookshop",
    question: "Which books have 'garden' in their title?",
    query: "SELECT title FROM books WHERE title LIKE '%garden%'",
  },
  {
    db_id: "bookshop",
    question: "Which customers from Portland, Oregon signed up in 2024? Give their first and last names.",
    query: `SELECT first_name, last_name
FROM customers
WHERE city = 'Portland' AND state = 'OR' AND signup_date BETWEEN '2024-01-01' AND '2024-12-31'`,
    literals: ["Portland", "OR"],
  },
  {
    db_id: "bookshop",
    question: "Which books cost more than the average list price? Give their titles.",
    query: "SELECT title FROM books WHERE list_price > (SELECT avg(list_price) FROM books)",
  },
  {
    db_id: "bookshop",
    question: "Which books have never been reviewed? Give their titles.",
    query: "SELECT title FROM books WHERE book_id NOT IN (SELECT book_id FROM reviews)",
  },
  {
    db_id: "bookshop",
    question: "How many horror books do we have?",
    query: "SELECT count(*) FROM books WHERE genre_id = (SELECT genre_id FROM genres WHERE name = 'Horror')",
    literals: ["Horror"],
  },
  {
    db_id: "bookshop",
    question: "Which cities have both one of our stores and a publisher's head office?",
    query: "SELECT city FROM stores INTERSECT SELECT city FROM publishers",
  },
  {
    db_id: "bookshop",
    question: "Which cities have either one of our stores or a gold-tier customer?",
    query: "SELECT city FROM stores UNION SELECT city FROM customers WHERE loyalty_tier = 'Gold'",
    literals: ["Gold"],
  },
  {
    db_id: "bookshop",
    question: "Which genres have no books in spanish?",
    query: `SELECT name FROM genres
EXCEPT
SELECT g.name
FROM genres AS g
JOIN books AS b ON b.genre_id = g.genre_id
WHERE b.language = 'Spanish'`,
    literals: ["Spanish"],
  },
  {
    db_id: "bookshop",
    question: "Which stores hired at least one employee in 2024?",
    query: `SELECT s.name
FROM stores AS s
WHERE EXISTS (SELECT 1 FROM employees AS e WHERE e.store_id = s.store_id AND e.hire_date >= '2024-01-01')`,
  },
  {
    db_id: "bookshop",
    question: "Which publishers have published a horror book?",
    query: `SELECT p.name
FROM publishers AS p
WHERE EXISTS (
  SELECT 1
  FROM books AS b
  JOIN genres AS g ON g.genre_id = b.genre_id
  WHERE b.publisher_id = p.publisher_id AND g.name = 'Horror'
)`,
    literals: ["Horror"],
  },
  {
    db_id: "bookshop",
    question: "What is the average star rating of science fiction books?",
    query: `SELECT avg(r.rating)
FROM reviews AS r
JOIN books AS b ON b.book_id = r.book_id
JOIN genres AS g ON g.genre_id = b.genre_id
WHERE g.name = 'Science Fiction'`,
    literals: ["Science Fiction"],
  },
  {
    db_id: "bookshop",
    question: "Which books were written by authors from Nigeria? Give the titles.",
    query: `SELECT DISTINCT b.title
FROM books AS b
JOIN book_authors AS ba ON ba.book_id = b.book_id
JOIN authors AS a ON a.author_id = ba.author_id
WHERE a.country = 'Nigeria' AND ba.role = 'Author'`,
    literals: ["Nigeria", "Author"],
  },
  {
    db_id: "bookshop",
    question: "Which books are sold out at the Ballard store? Give the titles.",
    query: `SELECT b.title
FROM inventory AS i
JOIN books AS b ON b.book_id = i.book_id
JOIN stores AS s ON s.store_id = i.store_id
WHERE s.name = 'Harbor & Quill Ballard' AND i.quantity_on_hand = 0`,
    literals: ["Harbor & Quill Ballard"],
  },
  {
    db_id: "bookshop",
    question: "Who is our longest-serving current employee? Give the first and last name.",
    query: `SELECT first_name, last_name
FROM employees
WHERE termination_date IS NULL
ORDER BY hire_date, employee_id
LIMIT 1`,
  },
  {
    db_id: "bookshop",
    question: "What are the emails of gold-tier customers who have written a review?",
    query: `SELECT email
FROM customers
WHERE loyalty_tier = 'Gold' AND customer_id IN (SELECT customer_id FROM reviews)`,
    literals: ["Gold"],
  },
  {
    db_id: "bookshop",
    question: "Which customers in Austin have never placed an order? Give their first and last names.",
    query: `SELECT c.first_name, c.last_name
FROM customers AS c
WHERE c.city = 'Austin' AND NOT EXISTS (SELECT 1 FROM orders AS o WHERE o.customer_id = c.customer_id)`,
    literals: ["Austin"],
  },
  {
    db_id: "bookshop",
    question: "Which five books earned the most revenue, counting only orders that were not cancelled or returned? Show each title with its revenue.",
    query: `SELECT b.title, round(sum(oi.quantity * oi.unit_price), 2) AS revenue
FROM order_items AS oi
JOIN orders AS o ON o.order_id = oi.order_id
JOIN books AS b ON b.book_id = oi.book_id
WHERE o.status NOT IN ('Cancelled', 'Returned')
GROUP BY b.book_id
ORDER BY revenue DESC, b.book_id
LIMIT 5`,
    literals: ["Cancelled", "Returned"],
  },
  {
    db_id: "bookshop",
    question: "Which store sold the most copies in December 2024, leaving out cancelled and returned orders?",
    query: `SELECT s.name
FROM stores AS s
JOIN orders AS o ON o.store_id = s.store_id
JOIN order_items AS oi ON oi.order_id = o.order_id
WHERE o.order_date >= '2024-12-01' AND o.order_date < '2025-01-01' AND o.status NOT IN ('Cancelled', 'Returned')
GROUP BY s.store_id
ORDER BY sum(oi.quantity) DESC, s.store_id
LIMIT 1`,
    literals: ["Cancelled", "Returned"],
  },
  {
    db_id: "bookshop",
    question: "What is the average star rating in each genre with at least 50 reviews? List the best-rated genres first.",
    query: `SELECT g.name, round(avg(r.rating), 2)
FROM genres AS g
JOIN books AS b ON b.genre_id = g.genre_id
JOIN reviews AS r ON r.book_id = b.book_id
GROUP BY g.genre_id
HAVING count(*) >= 50
ORDER BY avg(r.rating) DESC, g.name`,
  },
  {
    db_id: "bookshop",
    question: "Which three publishers have the most books in our catalogue? Show each name with its number of books.",
    query: `SELECT p.name, count(*)
FROM publishers AS p
JOIN books AS b ON b.publisher_id = p.publisher_id
GROUP BY p.publisher_id
ORDER BY count(*) DESC, p.name
LIMIT 3`,
  },
  {
    db_id: "bookshop",
    question: "Which authors from the UK have written a mystery? Give their first and last names.",
    query: `SELECT DISTINCT a.first_name, a.last_name
FROM authors AS a
JOIN book_authors AS ba ON ba.author_id = a.author_id
JOIN books AS b ON b.book_id = ba.book_id
JOIN genres AS g ON g.genre_id = b.genre_id
WHERE a.country = 'United Kingdom' AND g.name = 'Mystery' AND ba.role = 'Author'`,
    literals: ["United Kingdom", "Mystery", "Author"],
  },
  {
    db_id: "bookshop",
    question: "What are the emails of customers who have ordered both online and in store?",
    query: `SELECT c.email
FROM customers AS c
JOIN orders AS o ON o.customer_id = c.customer_id
WHERE o.channel = 'Online'
INTERSECT
SELECT c.email
FROM customers AS c
JOIN orders AS o ON o.customer_id = c.customer_id
WHERE o.channel = 'In store'`,
    literals: ["Online", "In store"],
  },
  {
    db_id: "bookshop",
    question: "Which gold-tier customers have never used a discount code? Give their emails.",
    query: `SELECT email
FROM customers
WHERE loyalty_tier = 'Gold'
EXCEPT
SELECT c.email
FROM customers AS c
JOIN orders AS o ON o.customer_id = c.customer_id
WHERE o.discount_code <> ''`,
    literals: ["Gold"],
  },
  {
    db_id: "bookshop",
    question: "For each store that is still open, how many customers call it their home store? Most first.",
    query: `SELECT s.name, count(*)
FROM stores AS s
JOIN customers AS c ON c.home_store_id = s.store_id
WHERE s.closed_date IS NULL
GROUP BY s.store_id
ORDER BY count(*) DESC, s.name`,
  },
  // ------------------------------------------------------------------------------------------------
  // flights
  {
    db_id: "flights",
    question: "How many airports are in germany?",
    query: "SELECT count(*) FROM airports WHERE country = 'Germany'",
    literals: ["Germany"],
  },
  {
    db_id: "flights",
    question: "What is the name of the airport with code lhr?",
    query: "SELECT name FROM airports WHERE airport_code = 'LHR'",
    literals: ["LHR"],
  },
  {
    db_id: "flights",
    question: "How many flights were diverted?",
    query: "SELECT count(*) FROM flights WHERE status = 'Diverted'",
    literals: ["Diverted"],
  },
  {
    db_id: "flights",
    question: "How many flights were cancelled because of the weather?",
    query: "SELECT count(*) FROM flights WHERE cancellation_reason = 'Weather'",
    literals: ["Weather"],
  },
  {
    db_id: "flights",
    question: "Which airlines are not in any alliance?",
    query: "SELECT name FROM airlines WHERE alliance IS NULL",
  },
  {
    db_id: "flights",
    question: "Which aircraft models are flown by more than two airlines?",
    query: "SELECT model FROM aircraft GROUP BY model HAVING count(DISTINCT airline_id) > 2",
  },
  {
    db_id: "flights",
    question: "Which airports serve london? Give their codes and names.",
    query: "SELECT airport_code, name FROM airports WHERE city = 'London'",
    literals: ["London"],
  },
  {
    db_id: "flights",
    question: "Which skybridge airlines are based in the US?",
    query: "SELECT name FROM airlines WHERE alliance = 'Skybridge Alliance' AND country = 'United States'",
    literals: ["Skybridge Alliance", "United States"],
  },
  {
    db_id: "flights",
    question: "How many aircraft does each airline operate? Show the airline name with the count.",
    query: `SELECT al.name, count(*)
FROM aircraft AS ac
JOIN airlines AS al ON al.airline_id = ac.airline_id
GROUP BY al.airline_id`,
  },
  {
    db_id: "flights",
    question: "How many of the aircraft are airbuses?",
    query: "SELECT count(*) FROM aircraft WHERE model LIKE 'Airbus%'",
  },
  {
    db_id: "flights",
    question: "For each cancellation reason, how many flights were cancelled?",
    query: "SELECT cancellation_reason, count(*) FROM flights WHERE status = 'Cancelled' GROUP BY cancellation_reason",
    literals: ["Cancelled"],
  },
  {
    db_id: "flights",
    question: "How many flights were scheduled to leave from jfk?",
    query: `SELECT count(*)
FROM flights AS f
JOIN routes AS r ON r.route_id = f.route_id
WHERE r.origin_code = 'JFK'`,
    literals: ["JFK"],
  },
  {
    db_id: "flights",
    question: "Which airports are not the hub of any airline? Give their names.",
    query: "SELECT name FROM airports WHERE airport_code NOT IN (SELECT hub_airport_code FROM airlines)",
  },
  {
    db_id: "flights",
    question: "Which airport codes are either the hub of a canadian airline or the destination of a route longer than 10,000 km?",
    query: `SELECT hub_airport_code FROM airlines WHERE country = 'Canada'
UNION
SELECT destination_code FROM routes WHERE distance_km > 10000`,
    literals: ["Canada"],
  },
  {
    db_id: "flights",
    question: "Which airlines never had a flight cancelled by air traffic control?",
    query: `SELECT name FROM airlines
EXCEPT
SELECT al.name
FROM airlines AS al
JOIN routes AS r ON r.airline_id = al.airline_id
JOIN flights AS f ON f.route_id = r.route_id
WHERE f.cancellation_reason = 'Air traffic control'`,
    literals: ["Air traffic control"],
  },
  {
    db_id: "flights",
    question: "Which airlines fly to tokyo?",
    query: `SELECT al.name
FROM airlines AS al
WHERE EXISTS (
  SELECT 1
  FROM routes AS r
  JOIN airports AS a ON a.airport_code = r.destination_code
  WHERE r.airline_id = al.airline_id AND a.city = 'Tokyo'
)`,
    literals: ["Tokyo"],
  },
  {
    db_id: "flights",
    question: "Which cities can you fly to nonstop from denver?",
    query: `SELECT DISTINCT destination.city
FROM routes AS r
JOIN airports AS origin ON origin.airport_code = r.origin_code
JOIN airports AS destination ON destination.airport_code = r.destination_code
WHERE origin.city = 'Denver'`,
    literals: ["Denver"],
  },
  {
    db_id: "flights",
    question: "What was the average number of passengers on flights flown with a boeing 787-9?",
    query: `SELECT avg(f.passengers)
FROM flights AS f
JOIN aircraft AS ac ON ac.aircraft_id = f.aircraft_id
WHERE ac.model = 'Boeing 787-9'`,
    literals: ["Boeing 787-9"],
  },
  {
    db_id: "flights",
    question: "Which airports had more than 100 scheduled departures in January 2024 and an average departure delay of more than 10 minutes?",
    query: `SELECT r.origin_code
FROM flights AS f
JOIN routes AS r ON r.route_id = f.route_id
WHERE f.scheduled_departure >= '2024-01-01' AND f.scheduled_departure < '2024-02-01'
GROUP BY r.origin_code
HAVING count(*) > 100 AND avg(f.departure_delay_minutes) > 10`,
  },
  {
    db_id: "flights",
    question: "Which airline had the most cancelled flights? Give its name and the number cancelled.",
    query: `SELECT al.name, count(*)
FROM flights AS f
JOIN routes AS r ON r.route_id = f.route_id
JOIN airlines AS al ON al.airline_id = r.airline_id
WHERE f.status = 'Cancelled'
GROUP BY al.airline_id
ORDER BY count(*) DESC, al.name
LIMIT 1`,
    literals: ["Cancelled"],
  },
  {
    db_id: "flights",
    question: "Which three routes had the highest average departure delay in February 2024? Show the airline, origin and destination.",
    query: `SELECT al.name, r.origin_code, r.destination_code
FROM flights AS f
JOIN routes AS r ON r.route_id = f.route_id
JOIN airlines AS al ON al.airline_id = r.airline_id
WHERE f.scheduled_departure >= '2024-02-01' AND f.scheduled_departure < '2024-03-01'
GROUP BY r.route_id
ORDER BY avg(f.departure_delay_minutes) DESC, r.route_id
LIMIT 3`,
  },
  {
    db_id: "flights",
    question: "Which routes are longer than the average route? Give the origin, destination and distance.",
    query: `SELECT origin_code, destination_code, distance_km
FROM routes
WHERE distance_km > (SELECT avg(distance_km) FROM routes)`,
  },
  {
    db_id: "flights",
    question: "Which airports have departures by both Northstar Airways and Atlantic Skyways?",
    query: `SELECT r.origin_code
FROM routes AS r
JOIN airlines AS al ON al.airline_id = r.airline_id
WHERE al.name = 'Northstar Airways'
INTERSECT
SELECT r.origin_code
FROM routes AS r
JOIN airlines AS al ON al.airline_id = r.airline_id
WHERE al.name = 'Atlantic Skyways'`,
    literals: ["Northstar Airways", "Atlantic Skyways"],
  },
  // ------------------------------------------------------------------------------------------------
  // clinic
  {
    db_id: "clinic",
    question: "How many patients live in beaverton?",
    query: "SELECT count(*) FROM patients WHERE city = 'Beaverton'",
    literals: ["Beaverton"],
  },
  {
    db_id: "clinic",
    question: "How many appointments were no-shows?",
    query: "SELECT count(*) FROM appointments WHERE status = 'No-show'",
    literals: ["No-show"],
  },
  {
    db_id: "clinic",
    question: "Which medications are statins?",
    query: "SELECT name FROM medications WHERE drug_class = 'Statin'",
    literals: ["Statin"],
  },
  {
    db_id: "clinic",
    question: "How many telehealth appointments were booked?",
    query: "SELECT count(*) FROM appointments WHERE visit_type = 'Telehealth'",
    literals: ["Telehealth"],
  },
  {
    db_id: "clinic",
    question: "Which department has no head doctor?",
    query: "SELECT name FROM departments WHERE head_doctor_id IS NULL",
  },
  {
    db_id: "clinic",
    question: "How many patients have no insurance?",
    query: "SELECT count(*) FROM patients WHERE insurance_provider IS NULL",
  },
  {
    db_id: "clinic",
    question: "How many doctors work in cardiology?",
    query: `SELECT count(*)
FROM doctors AS doc
JOIN departments AS d ON d.department_id = doc.department_id
WHERE d.name = 'Cardiology'`,
    literals: ["Cardiology"],
  },
  {
    db_id: "clinic",
    question: "How many patients does each insurer cover?",
    query: "SELECT insurance_provider, count(*) FROM patients WHERE insurance_provider IS NOT NULL GROUP BY insurance_provider",
  },
  {
    db_id: "clinic",
    question: "What is the average fee of completed follow-up visits?",
    query: "SELECT avg(fee) FROM appointments WHERE visit_type = 'Follow-up' AND status = 'Completed'",
    literals: ["Follow-up", "Completed"],
  },
  {
    db_id: "clinic",
    question: "Who are the three oldest patients? Give their first names, last names and birth dates.",
    query: "SELECT first_name, last_name, birth_date FROM patients ORDER BY birth_date, patient_id LIMIT 3",
  },
  {
    db_id: "clinic",
    question: "How many patients are allergic to penicillin?",
    query: "SELECT count(*) FROM patients WHERE allergies LIKE '%penicillin%'",
  },
  {
    db_id: "clinic",
    question: "Which doctors have had more than 300 appointments? Give their first and last names.",
    query: `SELECT doc.first_name, doc.last_name
FROM doctors AS doc
JOIN appointments AS a ON a.doctor_id = doc.doctor_id
GROUP BY doc.doctor_id
HAVING count(*) > 300`,
  },
  {
    db_id: "clinic",
    question: "How many appointments did the cardiology department complete in 2024?",
    query: `SELECT count(*)
FROM appointments AS a
JOIN doctors AS doc ON doc.doctor_id = a.doctor_id
JOIN departments AS d ON d.department_id = doc.department_id
WHERE d.name = 'Cardiology' AND a.status = 'Completed' AND a.scheduled_at >= '2024-01-01' AND a.scheduled_at < '2025-01-01'`,
    literals: ["Cardiology", "Completed"],
  },
  {
    db_id: "clinic",
    question: "Which medications have never been prescribed at a telehealth visit?",
    query: `SELECT name
FROM medications
WHERE medication_id NOT IN (
  SELECT p.medication_id
  FROM prescriptions AS p
  JOIN appointments AS a ON a.appointment_id = p.appointment_id
  WHERE a.visit_type = 'Telehealth'
)`,
    literals: ["Telehealth"],
  },
  {
    db_id: "clinic",
    question: "Which departments have a doctor who is taking new patients?",
    query: `SELECT d.name
FROM departments AS d
WHERE EXISTS (SELECT 1 FROM doctors AS doc WHERE doc.department_id = d.department_id AND doc.accepting_new_patients = 1)`,
  },
  {
    db_id: "clinic",
    question: "In which towns do we have patients on medicare as well as patients on medicaid?",
    query: `SELECT city FROM patients WHERE insurance_provider = 'Medicare'
INTERSECT
SELECT city FROM patients WHERE insurance_provider = 'Medicaid'`,
    literals: ["Medicare", "Medicaid"],
  },
  {
    db_id: "clinic",
    question: "Which patients came in for chest pain or were prescribed atorvastatin? Give their patient ids.",
    query: `SELECT patient_id FROM appointments WHERE reason = 'Chest pain'
UNION
SELECT a.patient_id
FROM appointments AS a
JOIN prescriptions AS p ON p.appointment_id = a.appointment_id
JOIN medications AS m ON m.medication_id = p.medication_id
WHERE m.name = 'Atorvastatin'`,
    literals: ["Chest pain", "Atorvastatin"],
  },
  {
    db_id: "clinic",
    question: "Which medications cost more per unit than the average medication? Give their names and unit prices.",
    query: "SELECT name, unit_price FROM medications WHERE unit_price > (SELECT avg(unit_price) FROM medications)",
  },
  {
    db_id: "clinic",
    question: "Which medication was prescribed most often? Give its name and the number of prescriptions.",
    query: `SELECT m.name, count(*)
FROM prescriptions AS p
JOIN medications AS m ON m.medication_id = p.medication_id
GROUP BY m.medication_id
ORDER BY count(*) DESC, m.name
LIMIT 1`,
  },
  {
    db_id: "clinic",
    question: "How much did each department bill in 2023? Biggest first.",
    query: `SELECT d.name, round(sum(a.fee), 2)
FROM appointments AS a
JOIN doctors AS doc ON doc.doctor_id = a.doctor_id
JOIN departments AS d ON d.department_id = doc.department_id
WHERE a.scheduled_at >= '2023-01-01' AND a.scheduled_at < '2024-01-01'
GROUP BY d.department_id
ORDER BY sum(a.fee) DESC, d.name`,
  },
  {
    db_id: "clinic",
    question: "What are the five most common reasons for a pediatrics visit?",
    query: `SELECT a.reason
FROM appointments AS a
JOIN doctors AS doc ON doc.doctor_id = a.doctor_id
JOIN departments AS d ON d.department_id = doc.department_id
WHERE d.name = 'Pediatrics'
GROUP BY a.reason
ORDER BY count(*) DESC, a.reason
LIMIT 5`,
    literals: ["Pediatrics"],
  },
  {
    db_id: "clinic",
    question: "Which cardiologists had no no-shows in 2024? Give their first and last names.",
    query: `SELECT doc.first_name, doc.last_name
FROM doctors AS doc
JOIN departments AS d ON d.department_id = doc.department_id
WHERE d.name = 'Cardiology'
EXCEPT
SELECT doc.first_name, doc.last_name
FROM doctors AS doc
JOIN appointments AS a ON a.doctor_id = doc.doctor_id
WHERE a.status = 'No-show' AND a.scheduled_at >= '2024-01-01' AND a.scheduled_at < '2025-01-01'`,
    literals: ["Cardiology", "No-show"],
  },
  {
    db_id: "clinic",
    question: "Which patients from Vancouver had a completed cardiology appointment? Give their first and last names.",
    query: `SELECT DISTINCT p.first_name, p.last_name
FROM patients AS p
JOIN appointments AS a ON a.patient_id = p.patient_id
JOIN doctors AS doc ON doc.doctor_id = a.doctor_id
JOIN departments AS d ON d.department_id = doc.department_id
WHERE p.city = 'Vancouver' AND d.name = 'Cardiology' AND a.status = 'Completed'`,
    literals: ["Vancouver", "Cardiology", "Completed"],
  },
];

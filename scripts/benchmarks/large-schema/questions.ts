// The large-schema benchmark's questions and gold SQL, written by hand as people would ask them of the warehouse.
import { z } from "zod";

export const WAREHOUSE_DOMAINS = ["bookshop", "flights", "clinic", "shop", "school", "sport", "transport", "insurance", "hr", "realestate"] as const;
export type WarehouseDomainName = (typeof WAREHOUSE_DOMAINS)[number];

export interface LargeSchemaQuestion {
  /** The domain the question is about: the split is stratified by it and the README counts by it. */
  domain: WarehouseDomainName;
  question: string;
  query: string;
}

export const largeSchemaQuestionSchema: z.ZodType<LargeSchemaQuestion> = z.object({
  domain: z.enum(WAREHOUSE_DOMAINS),
  question: z.string().min(1),
  query: z.string().min(1),
});

/**
 * In domain order. Written without looking at what the pruner keeps: questions paraphrase column names ("earn" for
 * `salary_amt`, "joined" for `hire_dt`), name values as people do ("Spain" for 'ES', "Oregon" for 'OR', "annual
 * passes" for 'AN'), and often need two to five tables, bridge tables included.
 */
export const LARGE_SCHEMA_QUESTIONS: readonly LargeSchemaQuestion[] = [
  // bookshop
  {
    domain: "bookshop",
    question: "Which publishers are based outside the United States? Give their names and countries.",
    query: "SELECT name, country FROM publishers WHERE country <> 'United States'",
  },
  {
    domain: "bookshop",
    question: "How many paperbacks cost less than ten dollars?",
    query: "SELECT count(*) FROM books WHERE format = 'Paperback' AND list_price < 10",
  },
  {
    domain: "bookshop",
    question: "Who has translated books for us? Give the translators' first and last names.",
    query: "SELECT DISTINCT a.first_name, a.last_name FROM authors AS a JOIN book_authors AS ba ON ba.author_id = a.author_id WHERE ba.role = 'Translator'",
  },
  { domain: "bookshop", question: "How much does a bookseller earn on average?", query: "SELECT avg(salary) FROM employees WHERE job_title = 'Bookseller'" },
  { domain: "bookshop", question: "When did our Denver bookstore open?", query: "SELECT opened_date FROM stores WHERE city = 'Denver'" },
  {
    domain: "bookshop",
    question: "How many books are sitting on the shelves of our Portland bookstores altogether?",
    query: "SELECT sum(i.quantity_on_hand) FROM inventory AS i JOIN stores AS s ON s.store_id = i.store_id WHERE s.city = 'Portland'",
  },
  {
    domain: "bookshop",
    question: "Which living authors were born before 1950? Give their first and last names.",
    query: "SELECT first_name, last_name FROM authors WHERE death_year IS NULL AND birth_year < 1950",
  },
  {
    domain: "bookshop",
    question: "How many book orders were placed by customers who live in Oregon?",
    query: "SELECT count(*) FROM orders AS o JOIN customers AS c ON c.customer_id = o.customer_id WHERE c.state = 'OR'",
  },
  {
    domain: "bookshop",
    question: "Which genre has the most books written in Spanish?",
    query:
      "SELECT g.name FROM genres AS g JOIN books AS b ON b.genre_id = g.genre_id WHERE b.language = 'Spanish' GROUP BY g.genre_id ORDER BY count(*) DESC, g.name LIMIT 1",
  },
  {
    domain: "bookshop",
    question: "How much revenue did delivered online book orders bring in?",
    query:
      "SELECT sum(oi.quantity * oi.unit_price) FROM orders AS o JOIN order_items AS oi ON oi.order_id = o.order_id WHERE o.channel = 'Online' AND o.status = 'Delivered'",
  },
  {
    domain: "bookshop",
    question: "Who manages our bookstores in Texas? Give the manager's first and last name and the store.",
    query:
      "SELECT e.first_name, e.last_name, s.name FROM employees AS e JOIN stores AS s ON s.store_id = e.store_id WHERE e.job_title = 'Store Manager' AND s.state = 'TX'",
  },
  {
    domain: "bookshop",
    question: "How many books has each illustrator worked on? Show first and last names with the count, most first.",
    query:
      "SELECT a.first_name, a.last_name, count(*) FROM authors AS a JOIN book_authors AS ba ON ba.author_id = a.author_id WHERE ba.role = 'Illustrator' GROUP BY a.author_id ORDER BY count(*) DESC, a.last_name, a.first_name",
  },
  {
    domain: "bookshop",
    question: "Which bookshop customers gave a mystery five stars? Give their emails.",
    query:
      "SELECT DISTINCT c.email FROM customers AS c JOIN reviews AS r ON r.customer_id = c.customer_id JOIN books AS b ON b.book_id = r.book_id JOIN genres AS g ON g.genre_id = b.genre_id WHERE g.name = 'Mystery' AND r.rating = 5",
  },
  {
    domain: "bookshop",
    question: "How many silver-tier bookshop customers are there in each state?",
    query: "SELECT state, count(*) FROM customers WHERE loyalty_tier = 'Silver' GROUP BY state",
  },
  {
    domain: "bookshop",
    question: "Which books from Irish publishers cost more than 20 dollars? Give the titles.",
    query: "SELECT b.title FROM books AS b JOIN publishers AS p ON p.publisher_id = b.publisher_id WHERE p.country = 'Ireland' AND b.list_price > 20",
  },
  {
    domain: "bookshop",
    question: "How many books did Japanese authors write or co-write?",
    query:
      "SELECT count(DISTINCT ba.book_id) FROM book_authors AS ba JOIN authors AS a ON a.author_id = ba.author_id WHERE a.country = 'Japan' AND ba.role = 'Author'",
  },
  // flights
  {
    domain: "flights",
    question: "How many routes does Bluebird Air fly?",
    query: "SELECT count(*) FROM routes AS r JOIN airlines AS a ON a.airline_id = r.airline_id WHERE a.name = 'Bluebird Air'",
  },
  { domain: "flights", question: "Which airlines are Canadian?", query: "SELECT name FROM airlines WHERE country = 'Canada'" },
  {
    domain: "flights",
    question: "What is the oldest plane Albion Airways flies? Give its tail number and the year it was built.",
    query:
      "SELECT ac.tail_number, ac.year_built FROM aircraft AS ac JOIN airlines AS a ON a.airline_id = ac.airline_id WHERE a.name = 'Albion Airways' ORDER BY ac.year_built, ac.tail_number LIMIT 1",
  },
  {
    domain: "flights",
    question: "How many passengers flew out of Seattle altogether?",
    query:
      "SELECT sum(f.passengers) FROM flights AS f JOIN routes AS r ON r.route_id = f.route_id JOIN airports AS ap ON ap.airport_code = r.origin_code WHERE ap.city = 'Seattle'",
  },
  { domain: "flights", question: "How many flights arrived more than an hour late?", query: "SELECT count(*) FROM flights WHERE arrival_delay_minutes > 60" },
  {
    domain: "flights",
    question: "Which planes have more than 300 seats? Give tail numbers and models.",
    query: "SELECT tail_number, model FROM aircraft WHERE seat_capacity > 300",
  },
  {
    domain: "flights",
    question: "Which Spanish airports can you fly to? Give their names.",
    query: "SELECT DISTINCT ap.name FROM airports AS ap JOIN routes AS r ON r.destination_code = ap.airport_code WHERE ap.country = 'Spain'",
  },
  {
    domain: "flights",
    question: "What is the average departure delay of each airline? Show the airline's name and the average in minutes.",
    query:
      "SELECT a.name, avg(f.departure_delay_minutes) FROM airlines AS a JOIN routes AS r ON r.airline_id = a.airline_id JOIN flights AS f ON f.route_id = r.route_id GROUP BY a.airline_id",
  },
  {
    domain: "flights",
    question: "How many flights left Heathrow in March 2024?",
    query:
      "SELECT count(*) FROM flights AS f JOIN routes AS r ON r.route_id = f.route_id WHERE r.origin_code = 'LHR' AND f.scheduled_departure LIKE '2024-03%'",
  },
  {
    domain: "flights",
    question: "Which Horizon Group airlines fly to Tokyo?",
    query:
      "SELECT DISTINCT a.name FROM airlines AS a JOIN routes AS r ON r.airline_id = a.airline_id JOIN airports AS ap ON ap.airport_code = r.destination_code WHERE a.alliance = 'Horizon Group' AND ap.city = 'Tokyo'",
  },
  {
    domain: "flights",
    question: "Which routes take more than ten hours? Show the airline, origin and destination codes.",
    query:
      "SELECT a.name, r.origin_code, r.destination_code FROM routes AS r JOIN airlines AS a ON a.airline_id = r.airline_id WHERE r.scheduled_minutes > 600",
  },
  {
    domain: "flights",
    question: "How many planes of each model does Northstar Airways have?",
    query:
      "SELECT ac.model, count(*) FROM aircraft AS ac JOIN airlines AS a ON a.airline_id = ac.airline_id WHERE a.name = 'Northstar Airways' GROUP BY ac.model",
  },
  {
    domain: "flights",
    question: "Which airports have no routes leaving from them? Give the codes.",
    query: "SELECT airport_code FROM airports WHERE airport_code NOT IN (SELECT origin_code FROM routes)",
  },
  {
    domain: "flights",
    question: "How many flights were cancelled for mechanical problems in 2024?",
    query: "SELECT count(*) FROM flights WHERE cancellation_reason = 'Mechanical' AND scheduled_departure LIKE '2024%'",
  },
  {
    domain: "flights",
    question: "What is the average distance of the routes flown out of Frankfurt, in km?",
    query: "SELECT avg(distance_km) FROM routes WHERE origin_code = 'FRA'",
  },
  // clinic
  {
    domain: "clinic",
    question: "How many doctors work in the pediatrics department?",
    query: "SELECT count(*) FROM doctors AS d JOIN departments AS dp ON dp.department_id = d.department_id WHERE dp.name = 'Pediatrics'",
  },
  {
    domain: "clinic",
    question: "Which doctors are DOs? Give their first and last names.",
    query: "SELECT first_name, last_name FROM doctors WHERE credential = 'DO'",
  },
  { domain: "clinic", question: "Which floor is neurology on?", query: "SELECT floor FROM departments WHERE name = 'Neurology'" },
  {
    domain: "clinic",
    question: "How many female patients were born before 1960?",
    query: "SELECT count(*) FROM patients WHERE sex = 'F' AND birth_date < '1960-01-01'",
  },
  {
    domain: "clinic",
    question: "What is the priciest medication per unit? Give its name and price.",
    query: "SELECT name, unit_price FROM medications ORDER BY unit_price DESC, name LIMIT 1",
  },
  {
    domain: "clinic",
    question: "How many prescriptions were for drugs that need prior authorization?",
    query: "SELECT count(*) FROM prescriptions AS p JOIN medications AS m ON m.medication_id = p.medication_id WHERE m.requires_prior_authorization = 1",
  },
  {
    domain: "clinic",
    question: "Which patients from Portland are insured with Summit Care? Give their first and last names.",
    query: "SELECT first_name, last_name FROM patients WHERE city = 'Portland' AND insurance_provider = 'Summit Care'",
  },
  {
    domain: "clinic",
    question: "How long does a telehealth visit last on average, in minutes?",
    query: "SELECT avg(duration_minutes) FROM appointments WHERE visit_type = 'Telehealth'",
  },
  {
    domain: "clinic",
    question: "Who heads the cardiology department? Give the first and last name.",
    query: "SELECT d.first_name, d.last_name FROM doctors AS d JOIN departments AS dp ON dp.head_doctor_id = d.doctor_id WHERE dp.name = 'Cardiology'",
  },
  {
    domain: "clinic",
    question: "How much did the clinic charge for annual physicals in 2024?",
    query: "SELECT sum(fee) FROM appointments WHERE visit_type = 'Annual physical' AND scheduled_at LIKE '2024%'",
  },
  {
    domain: "clinic",
    question: "Which drug classes have more than two medications?",
    query: "SELECT drug_class FROM medications GROUP BY drug_class HAVING count(*) > 2",
  },
  {
    domain: "clinic",
    question: "How many patients does each family doctor look after? Show the doctor's last name with the count, most first.",
    query:
      "SELECT d.last_name, count(*) FROM patients AS p JOIN doctors AS d ON d.doctor_id = p.primary_doctor_id GROUP BY d.doctor_id ORDER BY count(*) DESC, d.last_name",
  },
  {
    domain: "clinic",
    question: "Which medications have dermatologists prescribed? Give their names.",
    query:
      "SELECT DISTINCT m.name FROM medications AS m JOIN prescriptions AS p ON p.medication_id = m.medication_id JOIN appointments AS a ON a.appointment_id = p.appointment_id JOIN doctors AS d ON d.doctor_id = a.doctor_id JOIN departments AS dp ON dp.department_id = d.department_id WHERE dp.name = 'Dermatology'",
  },
  {
    domain: "clinic",
    question: "Which clinic doctors joined after 2020? Give their names and when they started.",
    query: "SELECT first_name, last_name, hire_date FROM doctors WHERE hire_date >= '2021-01-01'",
  },
  {
    domain: "clinic",
    question: "How many patients say they are allergic to sulfa drugs?",
    query: "SELECT count(*) FROM patients WHERE allergies LIKE '%Sulfa%'",
  },
  // shop
  { domain: "shop", question: "How many of our web shop customers live in Spain?", query: "SELECT count(*) FROM shop_customers WHERE country_code = 'ES'" },
  { domain: "shop", question: "Which brands come from Italy?", query: "SELECT brand_name FROM brands WHERE origin_country = 'IT'" },
  { domain: "shop", question: "How many web orders are on hold?", query: "SELECT count(*) FROM web_orders WHERE order_status = 'HOLD'" },
  {
    domain: "shop",
    question: "How much have VIP customers spent on delivered web orders, after line discounts?",
    query:
      "SELECT sum(l.qty * l.unit_price - l.discount_amt) FROM web_order_lines AS l JOIN web_orders AS o ON o.order_no = l.order_no JOIN shop_customers AS c ON c.customer_no = o.customer_no WHERE c.segment = 'VIP' AND o.order_status = 'DONE'",
  },
  {
    domain: "shop",
    question: "Which coffee products can no longer be ordered? Give their names.",
    query:
      "SELECT p.product_name FROM products AS p JOIN product_categories AS c ON c.category_id = p.category_id WHERE c.category_name = 'Coffee' AND p.is_active = 0",
  },
  {
    domain: "shop",
    question: "What is the average star rating of Kaito products?",
    query:
      "SELECT avg(r.stars) FROM product_reviews AS r JOIN products AS p ON p.product_id = r.product_id JOIN brands AS b ON b.brand_id = p.brand_id WHERE b.brand_name = 'Kaito'",
  },
  {
    domain: "shop",
    question: "Which coupon code was used on the most orders? Give the code and the number of orders.",
    query: "SELECT coupon_code, count(*) FROM order_coupons GROUP BY coupon_code ORDER BY count(*) DESC, coupon_code LIMIT 1",
  },
  {
    domain: "shop",
    question: "How many orders going to Italy were shipped with DHL?",
    query: "SELECT count(*) FROM web_orders AS o JOIN shipments AS s ON s.order_no = o.order_no WHERE o.ship_country = 'IT' AND s.carrier = 'DHL'",
  },
  {
    domain: "shop",
    question: "Which customers have paid with iDEAL? Give their full names.",
    query: "SELECT DISTINCT c.fullName FROM shop_customers AS c JOIN web_orders AS o ON o.customer_no = c.customer_no WHERE o.payment_method = 'iDEAL'",
  },
  {
    domain: "shop",
    question: "For each department of the catalogue that has subcategories, how many products are in its subcategories?",
    query:
      "SELECT parent.category_name, count(*) FROM products AS p JOIN product_categories AS c ON c.category_id = p.category_id JOIN product_categories AS parent ON parent.category_id = c.parent_id GROUP BY parent.category_id",
  },
  {
    domain: "shop",
    question: "How many web orders placed in 2024 came back as returns?",
    query: "SELECT count(*) FROM web_orders WHERE order_status = 'RET' AND placed_at LIKE '2024%'",
  },
  {
    domain: "shop",
    question: "What is the most expensive product made by a Spanish brand? Give its name and price.",
    query:
      "SELECT p.product_name, p.list_price FROM products AS p JOIN brands AS b ON b.brand_id = p.brand_id WHERE b.origin_country = 'ES' ORDER BY p.list_price DESC, p.product_name LIMIT 1",
  },
  {
    domain: "shop",
    question: "How many items have customers from the Netherlands Antilles bought?",
    query:
      "SELECT sum(l.qty) FROM web_order_lines AS l JOIN web_orders AS o ON o.order_no = l.order_no JOIN shop_customers AS c ON c.customer_no = o.customer_no WHERE c.country_code = 'AN'",
  },
  {
    domain: "shop",
    question: "Which carriers took more than a week to deliver a parcel at least once?",
    query: "SELECT DISTINCT carrier FROM shipments WHERE julianday(delivered_on) - julianday(shipped_on) > 7",
  },
  {
    domain: "shop",
    question: "How many business customers signed up in 2024?",
    query: "SELECT count(*) FROM shop_customers WHERE segment = 'B2B' AND signupDate LIKE '2024%'",
  },
  {
    domain: "shop",
    question: "Which products has nobody ever ordered? Give their names.",
    query: "SELECT product_name FROM products WHERE product_id NOT IN (SELECT product_id FROM web_order_lines)",
  },
  {
    domain: "shop",
    question: "Which customers used a Black Friday coupon? Give their emails.",
    query:
      "SELECT DISTINCT c.email FROM shop_customers AS c JOIN web_orders AS o ON o.customer_no = c.customer_no JOIN order_coupons AS oc ON oc.order_no = o.order_no JOIN coupons AS cp ON cp.coupon_code = oc.coupon_code WHERE cp.campaign = 'Black Friday'",
  },
  // school
  { domain: "school", question: "How many high schools are there?", query: "SELECT count(*) FROM schools WHERE school_type = 'HS'" },
  { domain: "school", question: "Which schools are in Oregon? Give their names.", query: "SELECT school_name FROM schools WHERE state_cd = 'OR'" },
  { domain: "school", question: "How many children are in kindergarten?", query: "SELECT count(*) FROM students WHERE grade_level = 0" },
  {
    domain: "school",
    question: "Which teacher earns the most? Give the first and last name and the pay.",
    query: "SELECT first_nm, last_nm, salary_amt FROM teachers ORDER BY salary_amt DESC, last_nm, first_nm LIMIT 1",
  },
  {
    domain: "school",
    question: "Who teaches maths at Grant High School? Give first and last names.",
    query:
      "SELECT t.first_nm, t.last_nm FROM teachers AS t JOIN schools AS s ON s.school_id = t.school_id WHERE s.school_name = 'Grant High School' AND t.subject_area = 'Mathematics'",
  },
  {
    domain: "school",
    question: "When did the longest-serving teacher at Lincoln Elementary start? Give the name and the date.",
    query:
      "SELECT t.first_nm, t.last_nm, t.hire_dt FROM teachers AS t JOIN schools AS s ON s.school_id = t.school_id WHERE s.school_name = 'Lincoln Elementary' ORDER BY t.hire_dt, t.teacher_id LIMIT 1",
  },
  {
    domain: "school",
    question: "How many students failed at least one class in fall 2024?",
    query:
      "SELECT count(DISTINCT e.student_id) FROM enrollments AS e JOIN class_sections AS cs ON cs.section_id = e.section_id WHERE e.final_grade = 'F' AND cs.term = '2024-FA'",
  },
  { domain: "school", question: "Which courses are worth half a credit? Give their titles.", query: "SELECT course_title FROM courses WHERE credits = 0.5" },
  {
    domain: "school",
    question: "Which students at Westview High School missed school more than once? Give their names.",
    query:
      "SELECT st.given_name, st.family_name FROM students AS st JOIN schools AS s ON s.school_id = st.school_id JOIN absences AS a ON a.student_id = st.student_id WHERE s.school_name = 'Westview High School' GROUP BY st.student_id HAVING count(*) > 1",
  },
  {
    domain: "school",
    question: "How many unexcused absences did each school have? Show the school's name and the count.",
    query:
      "SELECT s.school_name, count(*) FROM absences AS a JOIN students AS st ON st.student_id = a.student_id JOIN schools AS s ON s.school_id = st.school_id WHERE a.excused = 0 GROUP BY s.school_id",
  },
  {
    domain: "school",
    question: "Who teaches AP Calculus this spring (2025)? Give first and last names.",
    query:
      "SELECT DISTINCT t.first_nm, t.last_nm FROM teachers AS t JOIN class_sections AS cs ON cs.teacher_id = t.teacher_id JOIN courses AS c ON c.course_code = cs.course_code WHERE c.course_title = 'AP Calculus AB' AND cs.term = '2025-SP'",
  },
  {
    domain: "school",
    question: "Which students take Spanish II? Give their first and last names.",
    query:
      "SELECT DISTINCT st.given_name, st.family_name FROM students AS st JOIN enrollments AS e ON e.student_id = st.student_id JOIN class_sections AS cs ON cs.section_id = e.section_id JOIN courses AS c ON c.course_code = cs.course_code WHERE c.course_title = 'Spanish II'",
  },
  {
    domain: "school",
    question: "Who are the parents or guardians of twelfth graders at Shortridge High School? Give their names and phone numbers.",
    query:
      "SELECT DISTINCT g.full_name, g.phone FROM guardians AS g JOIN student_guardians AS sg ON sg.guardian_id = g.guardian_id JOIN students AS st ON st.student_id = sg.student_id JOIN schools AS s ON s.school_id = st.school_id WHERE s.school_name = 'Shortridge High School' AND st.grade_level = 12",
  },
  {
    domain: "school",
    question: "How many students have a grandparent as a guardian?",
    query:
      "SELECT count(DISTINCT sg.student_id) FROM student_guardians AS sg JOIN guardians AS g ON g.guardian_id = sg.guardian_id WHERE g.relation = 'Grandparent'",
  },
  {
    domain: "school",
    question: "What do teachers earn on average in each state? Give the state's name and the average.",
    query:
      "SELECT us.state_name, avg(t.salary_amt) FROM teachers AS t JOIN schools AS s ON s.school_id = t.school_id JOIN us_states AS us ON us.state_code = s.state_cd GROUP BY us.state_code",
  },
  {
    domain: "school",
    question: "Which teachers started in 2015? Give their names and schools.",
    query: "SELECT t.first_nm, t.last_nm, s.school_name FROM teachers AS t JOIN schools AS s ON s.school_id = t.school_id WHERE t.hire_dt LIKE '2015%'",
  },
  // sport
  {
    domain: "sport",
    question: "How many Spanish players play in the Italian league?",
    query:
      "SELECT count(*) FROM players AS p JOIN teams AS t ON t.team_id = p.team_id JOIN leagues AS l ON l.league_id = t.league_id WHERE p.nationality = 'ES' AND l.country_code = 'IT'",
  },
  {
    domain: "sport",
    question: "Which club has the largest stadium? Give the team and the capacity.",
    query:
      "SELECT t.team_name, s.capacity FROM teams AS t JOIN stadiums AS s ON s.stadium_id = t.home_stadium_id ORDER BY s.capacity DESC, t.team_name LIMIT 1",
  },
  { domain: "sport", question: "How many goals were penalties?", query: "SELECT count(*) FROM match_goals WHERE goal_type = 'PEN'" },
  {
    domain: "sport",
    question: "Who was the top scorer of the Primera Liga in 2024/25, not counting own goals? Give the name and goals.",
    query:
      "SELECT p.first_name, p.last_name, count(*) FROM match_goals AS g JOIN players AS p ON p.player_id = g.player_id JOIN matches AS m ON m.match_id = g.match_id JOIN seasons AS s ON s.season_id = m.season_id JOIN leagues AS l ON l.league_id = s.league_id WHERE l.league_name = 'Primera Liga' AND s.season_label = '2024/25' AND g.goal_type <> 'OG' GROUP BY p.player_id ORDER BY count(*) DESC, p.player_id LIMIT 1",
  },
  { domain: "sport", question: "How many goalkeepers are there?", query: "SELECT count(*) FROM players WHERE pos = 'GK'" },
  {
    domain: "sport",
    question: "What is the average weekly wage at Ajax Amstel?",
    query: "SELECT avg(c.weekly_wage_amt) FROM player_contracts AS c JOIN teams AS t ON t.team_id = c.team_id WHERE t.team_name = 'Ajax Amstel'",
  },
  {
    domain: "sport",
    question: "Which players are without a club? Give first and last names.",
    query: "SELECT first_name, last_name FROM players WHERE team_id IS NULL",
  },
  {
    domain: "sport",
    question: "How many own goals were scored in the German league?",
    query:
      "SELECT count(*) FROM match_goals AS g JOIN matches AS m ON m.match_id = g.match_id JOIN seasons AS s ON s.season_id = m.season_id JOIN leagues AS l ON l.league_id = s.league_id WHERE g.goal_type = 'OG' AND l.country_code = 'DE'",
  },
  {
    domain: "sport",
    question: "Which referees are on the international list? Give names and countries.",
    query: "SELECT referee_name, country_code FROM referees WHERE fifa_badge = 1",
  },
  {
    domain: "sport",
    question: "What was the biggest crowd at a match in Italy?",
    query:
      "SELECT max(m.attendance) FROM matches AS m JOIN seasons AS s ON s.season_id = m.season_id JOIN leagues AS l ON l.league_id = s.league_id WHERE l.country_code = 'IT'",
  },
  { domain: "sport", question: "How many matches ended goalless?", query: "SELECT count(*) FROM matches WHERE home_goals = 0 AND away_goals = 0" },
  { domain: "sport", question: "How many players are taller than 1.90 m?", query: "SELECT count(*) FROM players WHERE height_cm > 190" },
  {
    domain: "sport",
    question: "Which country do most of the foreign players in the Premier Division come from? Give the country's name.",
    query:
      "SELECT c.country_name FROM players AS p JOIN teams AS t ON t.team_id = p.team_id JOIN leagues AS l ON l.league_id = t.league_id JOIN countries AS c ON c.iso2 = p.nationality WHERE l.league_name = 'Premier Division' AND p.nationality <> 'GB' GROUP BY c.iso2 ORDER BY count(*) DESC, c.country_name LIMIT 1",
  },
  {
    domain: "sport",
    question: "How many home games did Real Arenas win?",
    query: "SELECT count(*) FROM matches AS m JOIN teams AS t ON t.team_id = m.home_team_id WHERE t.team_name = 'Real Arenas' AND m.home_goals > m.away_goals",
  },
  {
    domain: "sport",
    question: "Which players earn more than 50,000 a week? Give their names and clubs.",
    query:
      "SELECT p.first_name, p.last_name, t.team_name FROM player_contracts AS c JOIN players AS p ON p.player_id = c.player_id JOIN teams AS t ON t.team_id = c.team_id WHERE c.weekly_wage_amt > 50000",
  },
  {
    domain: "sport",
    question: "Is there any player from Iceland? Give names and clubs.",
    query: "SELECT p.first_name, p.last_name, t.team_name FROM players AS p JOIN teams AS t ON t.team_id = p.team_id WHERE p.nationality = 'IS'",
  },
  // transport
  { domain: "transport", question: "How many electric buses are in the fleet?", query: "SELECT count(*) FROM buses WHERE fuel_type = 'ELEC'" },
  {
    domain: "transport",
    question: "Which bus routes run at night? Give the route numbers and names.",
    query: "SELECT route_no, route_name FROM bus_routes WHERE route_type = 'NIGHT'",
  },
  { domain: "transport", question: "How many stops does bus 12 make?", query: "SELECT count(*) FROM route_stops WHERE route_no = '12'" },
  {
    domain: "transport",
    question: "Which depots belong to TriMet?",
    query: "SELECT d.depot_name FROM depots AS d JOIN transit_operators AS o ON o.operator_id = d.operator_id WHERE o.operator_name = 'TriMet'",
  },
  {
    domain: "transport",
    question: "How many bus trips were cancelled in April 2025?",
    query: "SELECT count(*) FROM trips WHERE trip_status = 'CANC' AND service_date LIKE '2025-04%'",
  },
  {
    domain: "transport",
    question: "How many people board an express bus trip on average?",
    query: "SELECT avg(t.boardings) FROM trips AS t JOIN bus_routes AS r ON r.route_no = t.route_no WHERE r.route_type = 'EXPRESS'",
  },
  {
    domain: "transport",
    question: "Which drivers have driven the 7? Give their first and last names.",
    query: "SELECT DISTINCT d.first_name, d.last_name FROM drivers AS d JOIN trips AS t ON t.driver_id = d.driver_id WHERE t.route_no = '7'",
  },
  {
    domain: "transport",
    question: "How much money did annual passes bring in?",
    query: "SELECT sum(s.amt) FROM ticket_sales AS s JOIN fare_types AS f ON f.fare_code = s.fare_code WHERE f.fare_name = 'Annual pass'",
  },
  {
    domain: "transport",
    question: "How many tickets were bought from ticket machines in zone A?",
    query: "SELECT sum(s.qty) FROM ticket_sales AS s JOIN stops AS st ON st.stop_id = s.stop_id WHERE s.sales_channel = 'TVM' AND st.fare_zone = 'A'",
  },
  {
    domain: "transport",
    question: "Which stops have no wheelchair access? Give the stop codes and names.",
    query: "SELECT stop_code, stop_name FROM stops WHERE wheelchair_ok = 0",
  },
  {
    domain: "transport",
    question: "Which bus drivers have been with us since before 2000? Give names and start dates.",
    query: "SELECT first_name, last_name, hired_on FROM drivers WHERE hired_on < '2000-01-01'",
  },
  {
    domain: "transport",
    question: "How late are late trips on average for each kind of route?",
    query:
      "SELECT r.route_type, avg(t.delay_min) FROM trips AS t JOIN bus_routes AS r ON r.route_no = t.route_no WHERE t.trip_status = 'LATE' GROUP BY r.route_type",
  },
  {
    domain: "transport",
    question: "Which hybrid buses are kept at the Powell depot? Give their fleet numbers.",
    query: "SELECT b.fleet_no FROM buses AS b JOIN depots AS d ON d.depot_id = b.depot_id WHERE d.depot_name = 'Powell' AND b.fuel_type = 'HYB'",
  },
  {
    domain: "transport",
    question: "Which bus routes stop at Burnside & 5th Ave?",
    query: "SELECT rs.route_no FROM route_stops AS rs JOIN stops AS s ON s.stop_id = rs.stop_id WHERE s.stop_name = 'Burnside & 5th Ave'",
  },
  {
    domain: "transport",
    question: "How many trips did each transit operator run? Give the operator's name and the count.",
    query:
      "SELECT o.operator_name, count(*) FROM trips AS t JOIN bus_routes AS r ON r.route_no = t.route_no JOIN transit_operators AS o ON o.operator_id = r.operator_id GROUP BY o.operator_id",
  },
  {
    domain: "transport",
    question: "Which bus route carried the most passengers in total? Give the route number.",
    query: "SELECT route_no FROM trips GROUP BY route_no ORDER BY sum(boardings) DESC, route_no LIMIT 1",
  },
  // insurance
  { domain: "insurance", question: "How many insured members smoke?", query: "SELECT count(*) FROM members WHERE smoker_flag = 'Y'" },
  {
    domain: "insurance",
    question: "Which health plans have a deductible under 1,000 dollars? Give the plan names and deductibles.",
    query: "SELECT plan_name, deductible_amt FROM insurance_plans WHERE deductible_amt < 1000",
  },
  {
    domain: "insurance",
    question: "What is the average monthly premium of gold plans?",
    query: "SELECT avg(monthly_premium) FROM insurance_plans WHERE metal_tier = 'Gold'",
  },
  { domain: "insurance", question: "How many insurance claims were denied?", query: "SELECT count(*) FROM claims WHERE claim_status = 'DENIED'" },
  { domain: "insurance", question: "Which insurer has its head office in Ohio?", query: "SELECT insurer_name FROM insurers WHERE hq_state = 'OH'" },
  {
    domain: "insurance",
    question: "How much has Cascade Health Mutual paid out on claims?",
    query:
      "SELECT sum(c.paid_amt) FROM claims AS c JOIN members AS m ON m.member_id = c.member_id JOIN insurance_plans AS p ON p.plan_id = m.plan_id JOIN insurers AS i ON i.insurer_id = p.insurer_id WHERE i.insurer_name = 'Cascade Health Mutual'",
  },
  {
    domain: "insurance",
    question: "Which cardiology providers practise in Washington? Give their names.",
    query: "SELECT provider_name FROM providers WHERE specialty = 'Cardiology' AND state = 'WA'",
  },
  {
    domain: "insurance",
    question: "How many members are on each metal tier?",
    query: "SELECT p.metal_tier, count(*) FROM members AS m JOIN insurance_plans AS p ON p.plan_id = m.plan_id GROUP BY p.metal_tier",
  },
  {
    domain: "insurance",
    question: "Which procedures were billed on more than 200 claim lines? Give the description and the count.",
    query:
      "SELECT pc.description, count(*) FROM claim_lines AS cl JOIN procedure_codes AS pc ON pc.proc_code = cl.proc_code GROUP BY pc.proc_code HAVING count(*) > 200",
  },
  { domain: "insurance", question: "How many claims are still waiting for a decision?", query: "SELECT count(*) FROM claims WHERE claim_status = 'PEND'" },
  {
    domain: "insurance",
    question: "How much was billed in total for knee MRIs?",
    query: "SELECT sum(cl.line_amt) FROM claim_lines AS cl JOIN procedure_codes AS pc ON pc.proc_code = cl.proc_code WHERE pc.description = 'MRI of the knee'",
  },
  {
    domain: "insurance",
    question: "How many providers are in the network of each Sooner plan? Give the plan name and the count.",
    query:
      "SELECT p.plan_name, count(*) FROM plan_networks AS n JOIN insurance_plans AS p ON p.plan_id = n.plan_id WHERE p.plan_name LIKE 'Sooner%' GROUP BY p.plan_id",
  },
  {
    domain: "insurance",
    question: "Which members in Indiana have a platinum plan? Give their first and last names.",
    query:
      "SELECT m.first_name, m.last_name FROM members AS m JOIN insurance_plans AS p ON p.plan_id = m.plan_id WHERE m.state = 'IN' AND p.metal_tier = 'Platinum'",
  },
  {
    domain: "insurance",
    question: "Which claims over 3,000 dollars were denied? Give the claim ids and amounts billed.",
    query: "SELECT claim_id, billed_amt FROM claims WHERE billed_amt > 3000 AND claim_status = 'DENIED'",
  },
  {
    domain: "insurance",
    question: "Which specialty has the highest average allowed amount per claim?",
    query:
      "SELECT pr.specialty FROM claims AS c JOIN providers AS pr ON pr.provider_id = c.provider_id GROUP BY pr.specialty ORDER BY avg(c.allowed_amt) DESC, pr.specialty LIMIT 1",
  },
  { domain: "insurance", question: "How many people joined a health plan in 2024?", query: "SELECT count(*) FROM members WHERE enrolled_on LIKE '2024%'" },
  // hr
  {
    domain: "hr",
    question: "What do people in Research earn on average today?",
    query:
      "SELECT avg(sa.salary_amt) FROM salaries AS sa JOIN staff AS s ON s.emp_no = sa.emp_no JOIN dept AS d ON d.dept_no = s.dept_no WHERE d.dept_name = 'Research' AND sa.to_date IS NULL",
  },
  {
    domain: "hr",
    question: "How many people currently work in our Madrid office?",
    query: "SELECT count(*) FROM staff AS s JOIN dept AS d ON d.dept_no = s.dept_no WHERE d.location = 'Madrid' AND s.term_dt IS NULL",
  },
  {
    domain: "hr",
    question: "Who has been with the company the longest? Give the name and the hire date.",
    query: "SELECT first_name, last_name, hire_dt FROM staff ORDER BY hire_dt, emp_no LIMIT 1",
  },
  {
    domain: "hr",
    question: "How many annual leave requests were approved?",
    query: "SELECT count(*) FROM leave_requests WHERE leave_type = 'AN' AND approved = 1",
  },
  {
    domain: "hr",
    question: "How many days of sick leave did staff take in 2024?",
    query: "SELECT sum(days) FROM leave_requests WHERE leave_type = 'SK' AND start_dt LIKE '2024%' AND approved = 1",
  },
  {
    domain: "hr",
    question: "Which software engineers are paid more than 140,000 a year now? Give their names.",
    query:
      "SELECT s.first_name, s.last_name FROM staff AS s JOIN job_titles AS j ON j.job_code = s.job_code JOIN salaries AS sa ON sa.emp_no = s.emp_no WHERE j.title = 'Software Engineer' AND sa.to_date IS NULL AND sa.salary_amt > 140000",
  },
  {
    domain: "hr",
    question: "Who has the most direct reports? Give the name and the number of reports.",
    query:
      "SELECT m.first_name, m.last_name, count(*) FROM staff AS e JOIN staff AS m ON m.emp_no = e.mgr_emp_no GROUP BY m.emp_no ORDER BY count(*) DESC, m.emp_no LIMIT 1",
  },
  {
    domain: "hr",
    question: "What was the total take-home pay for March 2025?",
    query: "SELECT sum(p.net_amt) FROM payslips AS p JOIN payroll_runs AS r ON r.run_id = p.run_id WHERE r.period_start = '2025-03-01'",
  },
  {
    domain: "hr",
    question: "How much income tax was withheld in each department in 2025? Give the department name and the total.",
    query:
      "SELECT d.dept_name, sum(p.tax_amt) FROM payslips AS p JOIN payroll_runs AS r ON r.run_id = p.run_id JOIN staff AS s ON s.emp_no = p.emp_no JOIN dept AS d ON d.dept_no = s.dept_no WHERE r.pay_date LIKE '2025%' GROUP BY d.dept_no",
  },
  { domain: "hr", question: "How many employees have left the company?", query: "SELECT count(*) FROM staff WHERE term_dt IS NOT NULL" },
  {
    domain: "hr",
    question: "Which staff in Italy have completed the GDPR course? Give their names.",
    query:
      "SELECT s.first_name, s.last_name FROM staff AS s JOIN dept AS d ON d.dept_no = s.dept_no JOIN staff_trainings AS st ON st.emp_no = s.emp_no JOIN training_courses AS c ON c.course_id = st.course_id WHERE d.country_code = 'IT' AND c.course_title = 'Data Privacy and GDPR' AND st.completed_on IS NOT NULL",
  },
  {
    domain: "hr",
    question: "What is the pay range for a data scientist?",
    query: "SELECT min_salary, max_salary FROM job_titles WHERE title = 'Data Scientist'",
  },
  {
    domain: "hr",
    question: "What is the average quiz score of each training course? Give the title and the average.",
    query: "SELECT c.course_title, avg(st.score) FROM staff_trainings AS st JOIN training_courses AS c ON c.course_id = st.course_id GROUP BY c.course_id",
  },
  {
    domain: "hr",
    question: "Which departments have more than 30 people working in them now? Give the name and the headcount.",
    query:
      "SELECT d.dept_name, count(*) FROM staff AS s JOIN dept AS d ON d.dept_no = s.dept_no WHERE s.term_dt IS NULL GROUP BY d.dept_no HAVING count(*) > 30",
  },
  {
    domain: "hr",
    question: "How many parental leave requests are still waiting for approval?",
    query: "SELECT count(*) FROM leave_requests WHERE leave_type = 'PA' AND approved IS NULL",
  },
  {
    domain: "hr",
    question: "Which employees have no work email address? Give their names.",
    query: "SELECT first_name, last_name FROM staff WHERE work_email IS NULL",
  },
  // realestate
  {
    domain: "realestate",
    question: "How many condos are on the market right now?",
    query:
      "SELECT count(*) FROM listings AS l JOIN properties AS p ON p.property_id = l.property_id WHERE p.prop_type = 'CONDO' AND l.listing_status = 'ACTIVE'",
  },
  {
    domain: "realestate",
    question: "What is the highest price a house in Bend sold for?",
    query:
      "SELECT max(s.sale_price) FROM property_sales AS s JOIN listings AS l ON l.listing_id = s.listing_id JOIN properties AS p ON p.property_id = l.property_id WHERE p.city = 'Bend' AND p.prop_type = 'SFH'",
  },
  { domain: "realestate", question: "Which real estate agencies are in Maine?", query: "SELECT agency_name FROM agencies WHERE state = 'ME'" },
  {
    domain: "realestate",
    question: "How many agents work for each agency? Give the agency name and the count.",
    query: "SELECT a.agency_name, count(*) FROM agents AS g JOIN agencies AS a ON a.agency_id = g.agency_id GROUP BY a.agency_id",
  },
  {
    domain: "realestate",
    question: "Which properties have both a pool and a garage? Give the property ids.",
    query:
      "SELECT pf.property_id FROM property_features AS pf JOIN features AS f ON f.feature_id = pf.feature_id WHERE f.feature_name = 'Pool' INTERSECT SELECT pf.property_id FROM property_features AS pf JOIN features AS f ON f.feature_id = pf.feature_id WHERE f.feature_name = 'Garage'",
  },
  {
    domain: "realestate",
    question: "What is the average asking price of townhouses in Portland, Oregon?",
    query:
      "SELECT avg(l.list_price) FROM listings AS l JOIN properties AS p ON p.property_id = l.property_id WHERE p.prop_type = 'TH' AND p.city = 'Portland' AND p.state = 'OR'",
  },
  {
    domain: "realestate",
    question: "Which listing agent has sold the most homes? Give the name and the number of sales.",
    query:
      "SELECT a.first_name, a.last_name, count(*) FROM property_sales AS s JOIN listings AS l ON l.listing_id = s.listing_id JOIN agents AS a ON a.agent_id = l.agent_id GROUP BY a.agent_id ORDER BY count(*) DESC, a.agent_id LIMIT 1",
  },
  { domain: "realestate", question: "How many open houses did nobody come to?", query: "SELECT count(*) FROM open_houses WHERE visitor_count = 0" },
  {
    domain: "realestate",
    question: "What is the average monthly rent in Honolulu?",
    query: "SELECT avg(r.monthly_rent) FROM rental_leases AS r JOIN properties AS p ON p.property_id = r.property_id WHERE p.city = 'Honolulu'",
  },
  { domain: "realestate", question: "How many homes were bought with cash?", query: "SELECT count(*) FROM property_sales WHERE financing = 'CASH'" },
  {
    domain: "realestate",
    question: "How many listings listed in 2024 were taken off the market?",
    query: "SELECT count(*) FROM listings WHERE listing_status = 'WITHDRAWN' AND list_date LIKE '2024%'",
  },
  {
    domain: "realestate",
    question: "Which properties built before 1920 have more than four bedrooms? Give the address and city.",
    query: "SELECT street_address, city FROM properties WHERE year_built < 1920 AND beds > 4",
  },
  {
    domain: "realestate",
    question: "What is the average sale price per square foot in Seattle?",
    query:
      "SELECT avg(s.sale_price * 1.0 / p.sqft) FROM property_sales AS s JOIN listings AS l ON l.listing_id = s.listing_id JOIN properties AS p ON p.property_id = l.property_id WHERE p.city = 'Seattle'",
  },
  {
    domain: "realestate",
    question: "Which agents joined their agency in 2023? Give their names and agencies.",
    query: "SELECT g.first_name, g.last_name, a.agency_name FROM agents AS g JOIN agencies AS a ON a.agency_id = g.agency_id WHERE g.hireDate LIKE '2023%'",
  },
  {
    domain: "realestate",
    question: "Which tenants have a lease with no end date? Give their names.",
    query: "SELECT tenant_name FROM rental_leases WHERE lease_end IS NULL",
  },
  {
    domain: "realestate",
    question: "How many properties in each state have solar panels?",
    query:
      "SELECT p.state, count(*) FROM properties AS p JOIN property_features AS pf ON pf.property_id = p.property_id JOIN features AS f ON f.feature_id = pf.feature_id WHERE f.feature_name = 'Solar panels' GROUP BY p.state",
  },
];

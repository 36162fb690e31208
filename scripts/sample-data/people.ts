// Word lists of English-speaking given names and surnames, written for the sample database generator.
// The tables are laid out by hand, several entries or one record a line; prettier-ignore keeps Prettier from
// putting one entry a line, which would make them several times longer and harder to scan.

/** Women's given names, a mix of generations and backgrounds, roughly from most to least common. */
// prettier-ignore
export const FEMALE_FIRST_NAMES: readonly string[] = [
  "Mary", "Patricia", "Jennifer", "Linda", "Elizabeth", "Barbara", "Susan", "Jessica", "Karen", "Sarah",
  "Lisa", "Nancy", "Sandra", "Ashley", "Emily", "Michelle", "Amanda", "Melissa", "Stephanie", "Rebecca",
  "Laura", "Helen", "Emma", "Olivia", "Sophia", "Rachel", "Hannah", "Grace", "Chloe", "Abigail",
  "Natalie", "Victoria", "Megan", "Madison", "Julia", "Katherine", "Ava", "Isabella", "Mia", "Charlotte",
  "Amelia", "Harper", "Evelyn", "Ella", "Lily", "Zoe", "Priya", "Mei", "Lucia", "Ana",
  "Sofia", "Aisha", "Amara", "Elena", "Fiona", "Siobhan", "Bethan", "Isla", "Nora", "Iris",
  "Ruby", "Clara", "Alice", "Dorothy", "Margaret",
];

/** Men's given names, a mix of generations and backgrounds, roughly from most to least common. */
// prettier-ignore
export const MALE_FIRST_NAMES: readonly string[] = [
  "James", "Michael", "Robert", "John", "David", "William", "Richard", "Joseph", "Thomas", "Christopher",
  "Charles", "Daniel", "Matthew", "Anthony", "Mark", "Steven", "Andrew", "Joshua", "Kevin", "Brian",
  "George", "Timothy", "Ryan", "Jacob", "Nicholas", "Eric", "Jonathan", "Samuel", "Benjamin", "Nathan",
  "Henry", "Peter", "Adam", "Zachary", "Patrick", "Ethan", "Noah", "Liam", "Lucas", "Owen",
  "Aaron", "Caleb", "Dylan", "Isaac", "Gabriel", "Marcus", "Omar", "Hiroshi", "Carlos", "Diego",
  "Mateo", "Rahul", "Kwame", "Ivan", "Connor", "Declan", "Rhys", "Angus", "Felix", "Theo",
  "Miles", "Jasper", "Elliot", "Arthur", "Walter",
];

/** All given names, alternating women's and men's so the order stays roughly most to least common. */
// prettier-ignore
export const FIRST_NAMES: readonly string[] = FEMALE_FIRST_NAMES.flatMap((name, index) => [
  name,
  ...(MALE_FIRST_NAMES[index] === undefined ? [] : [MALE_FIRST_NAMES[index] as string]),
]);

/** Surnames, ordered roughly from most to least common. */
// prettier-ignore
export const LAST_NAMES: readonly string[] = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin",
  "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson",
  "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores",
  "Green", "Adams", "Nelson", "Baker", "Hall", "Rivera", "Campbell", "Mitchell", "Carter", "Roberts",
  "Gomez", "Phillips", "Evans", "Turner", "Diaz", "Parker", "Cruz", "Edwards", "Collins", "Reyes",
  "Stewart", "Morris", "Morales", "Murphy", "Cook", "Rogers", "Gutierrez", "Ortiz", "Morgan", "Cooper",
  "Peterson", "Bailey", "Reed", "Kelly", "Howard", "Ramos", "Kim", "Cox", "Ward", "Richardson",
  "Watson", "Brooks", "Chavez", "Wood", "James", "Bennett", "Gray", "Mendoza", "Ruiz", "Hughes",
  "Price", "Alvarez", "Castillo", "Sanders", "Patel", "Myers", "Long", "Ross", "Foster", "Jimenez",
  "Powell", "Jenkins", "Perry", "Russell", "Sullivan", "Bell", "Coleman", "Butler", "Henderson", "Barnes",
  "Fisher", "Vasquez", "Simmons", "Graham", "Murray", "Ford", "Hamilton", "Wallace", "Gibson", "Wells",
  "O'Brien", "O'Connor", "McCarthy", "Fitzgerald", "Byrne", "Kowalski", "Novak", "Schmidt", "Weber", "Fischer",
  "Rossi", "Bianchi", "Tanaka", "Sato", "Chen", "Wang", "Singh", "Shah", "Okafor", "Mensah",
  "Larsen", "Lindqvist", "Dubois", "Moreau", "Haddad", "Nakamura", "Park", "Choi", "Abbott", "Blackwood",
  "Whitfield", "Ashford", "Pemberton", "Hargreaves", "Thornton", "Langley", "Caldwell", "Merritt", "Holloway", "Winslow",
];

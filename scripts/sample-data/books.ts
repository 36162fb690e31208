// Word lists for the bookshop sample: genres with title templates, publishers, stores, review phrases.
// The tables are laid out by hand, several entries or one record a line; prettier-ignore keeps Prettier from
// putting one entry a line, which would make them several times longer and harder to scan.

/** Words a title template can draw from: `{adj}` in a template picks from `TITLE_POOLS.adj`. */
// prettier-ignore
export const TITLE_POOLS: Readonly<Record<string, readonly string[]>> = {
  adj: [
    "Silent", "Hidden", "Last", "Broken", "Golden", "Crimson", "Forgotten", "Winter", "Distant", "Quiet",
    "Burning", "Hollow", "Endless", "Secret", "Lost", "Shattered", "Midnight", "Silver", "Wild", "Bright",
    "Dark", "Northern", "Paper", "Glass", "Iron", "Velvet", "Salt", "Summer", "Lonely", "Gentle",
    "Restless", "Painted", "Sleeping", "Falling", "Rising", "Fragile", "Invisible", "Borrowed", "Stolen", "Little",
  ],
  noun: [
    "River", "House", "Garden", "Orchard", "Lighthouse", "Harbor", "Letter", "Map", "Bridge", "Mirror",
    "Clock", "Lantern", "Island", "Valley", "Shore", "Field", "Road", "Key", "Daughter", "Stranger",
    "Keeper", "Gardener", "Cartographer", "Witness", "Promise", "Season", "Hour", "Storm", "Tide", "Crown",
    "Feather", "Compass", "Library", "Station", "Violin", "Inheritance", "Ghost", "Window", "Forest", "Archive",
  ],
  plural: [
    "Stars", "Sparrows", "Bones", "Echoes", "Shadows", "Wolves", "Tides", "Embers", "Orchards", "Strangers",
    "Secrets", "Ashes", "Letters", "Bees", "Lanterns", "Rivers", "Islands", "Saints", "Thieves", "Kings",
  ],
  place: [
    "Ashford", "Brightwater", "Cold Harbor", "Elm Street", "Hollow Creek", "Kingsbridge", "Larkspur Lane", "Marrow Hill",
    "Pine Ridge", "Ravenscourt", "Saltmarsh", "Thornfield Manor", "Willow Bend", "Blackmoor", "Fairhaven", "Greystone",
    "Millbrook", "Oakhurst", "Westbury", "Dunmore", "Calder Bay", "Foxglove Farm", "Harrow Point", "Juniper Cove",
  ],
  space: [
    "Andromeda", "Kepler Station", "the Outer Rim", "Europa", "Proxima", "the Void", "Titan", "Meridian",
    "the Ninth Moon", "Cygnus", "Vega", "the Red Planet", "Orion's Belt", "Ceres",
  ],
  name: [
    "Clara", "Theo", "Nora", "Felix", "Iris", "Jasper", "Maggie", "Oliver", "Hazel", "Leo",
    "Ruby", "Milo", "Ada", "Finn", "Beatrice", "Hugo", "Lena", "Otis", "Rosa", "Sam",
  ],
  surname: ["Whitfield", "Ashford", "Hale", "Marlowe", "Prescott", "Vance", "Sinclair", "Calloway", "Everett", "Lindqvist", "Okafor", "Moreau"],
  animal: [
    "Fox", "Bear", "Owl", "Rabbit", "Hedgehog", "Otter", "Mouse", "Badger", "Penguin", "Elephant",
    "Giraffe", "Turtle", "Duck", "Lion", "Whale", "Dragon",
  ],
  season: ["Summer", "Winter", "Spring", "Autumn", "Christmas", "Weekend", "Year"],
  job: ["Clockmaker", "Beekeeper", "Tailor", "Bookbinder", "Glassblower", "Cartographer", "Silk Merchant", "Apothecary", "Lighthouse Keeper", "Printer"],
  historyTopic: [
    "the Silk Road", "the Printing Press", "the Roman Empire", "the Atlantic", "the Railways", "Medieval England",
    "the Cold War", "the Spice Trade", "the Industrial Revolution", "Ancient Greece", "the Byzantine Empire",
    "the American West", "the Ottoman Empire", "Salt", "Coffee", "the Mediterranean", "Maps", "the Vikings",
  ],
  scienceTopic: [
    "Sleep", "the Brain", "Trees", "the Ocean", "Black Holes", "Memory", "Bacteria", "Climate", "Genes",
    "Light", "Time", "Fungi", "Birds", "Volcanoes", "the Immune System", "Numbers", "Insects", "Weather",
  ],
  skill: [
    "Focus", "Saying No", "Rest", "Listening", "Habits", "Small Talk", "Calm", "Decluttering", "Patience",
    "Gratitude", "Saving Money", "Deep Work", "Letting Go", "Morning Routines",
  ],
  goal: ["a Calmer Life", "Better Sleep", "Lasting Change", "Financial Freedom", "Clear Thinking", "a Happier Home", "Confidence"],
  businessTopic: [
    "Remote Teams", "Startups", "Negotiation", "Marketing", "Leadership", "Product Design", "Sales", "Strategy",
    "Customer Service", "Small Business", "Innovation", "Investing",
  ],
  cuisine: ["Italian", "Mexican", "Japanese", "Vegetarian", "Mediterranean", "French", "Korean", "Indian", "Thai", "Southern", "Vegan", "Middle Eastern"],
  dish: ["Soups", "Bread", "Pasta", "Salads", "Baking", "Curries", "Dumplings", "Desserts", "Weeknight Dinners", "Grilling", "Pies", "Noodles"],
  travelRegion: [
    "Patagonia", "Tuscany", "the Scottish Highlands", "Japan", "Iceland", "the Pacific Northwest", "Provence",
    "the Andes", "New England", "Portugal", "Vietnam", "Morocco", "the Alps", "Ireland", "Route 66",
  ],
  philosophyTopic: [
    "Time", "Friendship", "Free Will", "Happiness", "Justice", "Solitude", "Death", "Truth", "Beauty", "Kindness",
    "Work", "Doubt", "Courage",
  ],
  number: ["Five", "Seven", "Ten", "Twelve", "Three"],
  roman: ["I", "II", "III", "IV"],
};

export interface GenreSpec {
  readonly name: string;
  readonly description: string;
  /** Relative share of the catalogue and of sales. */
  readonly weight: number;
  readonly minPages: number;
  readonly maxPages: number;
  /** Title templates; `{key}` is replaced by a word from `TITLE_POOLS[key]`. */
  readonly titles: readonly string[];
  /** Subtitle templates; an empty list means books of this genre rarely have one. */
  readonly subtitles: readonly string[];
}

// prettier-ignore
export const GENRES: readonly GenreSpec[] = [
  {
    name: "Literary Fiction", description: "Character-driven novels with an emphasis on style and theme", weight: 12, minPages: 180, maxPages: 520,
    titles: ["The {adj} {noun}", "{plural} in the {noun}", "The {noun} of {place}", "What the {noun} Knew", "A {adj} Inheritance", "All the {adj} {plural}", "The {job}'s Wife", "The {noun} at {place}"],
    subtitles: ["A Novel"],
  },
  {
    name: "Mystery", description: "Detective stories and whodunits", weight: 11, minPages: 240, maxPages: 420,
    titles: ["Murder at {place}", "Death in {place}", "The {place} Affair", "The {adj} Witness", "A {noun} for the Dead", "The {noun} Murders", "{name} Investigates", "The Case of the {adj} {noun}"],
    subtitles: ["A Mystery", "An Inspector {name} Mystery"],
  },
  {
    name: "Thriller", description: "Fast-paced suspense, espionage and crime thrillers", weight: 10, minPages: 280, maxPages: 480,
    titles: ["The {adj} Protocol", "Zero {noun}", "{adj} Target", "The {noun} Directive", "The {adj} Hour", "Deadline at {place}", "The {noun} Conspiracy", "No Way Back from {place}"],
    subtitles: ["A Thriller"],
  },
  {
    name: "Science Fiction", description: "Stories of future technology, space and other worlds", weight: 8, minPages: 260, maxPages: 640,
    titles: ["The {adj} Star", "Beyond {space}", "The {space} Signal", "Children of {space}", "{plural} of {space}", "The Last Ship to {space}", "Dust of {space}", "The {noun} Engine"],
    subtitles: [],
  },
  {
    name: "Fantasy", description: "Epic and contemporary fantasy with magic and invented worlds", weight: 9, minPages: 300, maxPages: 780,
    titles: ["The {noun} of {plural}", "The {adj} Crown", "A Song of {plural}", "The {noun} King", "Queen of {plural}", "The {adj} Blade", "The {noun}'s Daughter", "{plural} of the {adj} Realm"],
    subtitles: ["Book One", "Book Two", "Book Three"],
  },
  {
    name: "Romance", description: "Love stories, from romantic comedy to historical romance", weight: 9, minPages: 220, maxPages: 420,
    titles: ["{adj} Hearts", "Love at {place}", "A {season} in {place}", "The {noun} Next Door", "Falling for {name}", "{name}'s {adj} Summer", "Second Chances at {place}", "The Wedding at {place}"],
    subtitles: [],
  },
  {
    name: "Historical Fiction", description: "Novels set in a carefully drawn past", weight: 7, minPages: 300, maxPages: 600,
    titles: ["The {job}'s Daughter", "The {job} of {place}", "Under the {adj} Flag", "The {adj} Winter", "A {noun} in Wartime", "The {job}'s Apprentice", "The Last Days of {place}"],
    subtitles: ["A Novel"],
  },
  {
    name: "Horror", description: "Ghost stories, gothic tales and supernatural dread", weight: 4, minPages: 220, maxPages: 460,
    titles: ["The {adj} House", "Something in the {noun}", "Whispers from {place}", "The {noun} Beneath", "Night at {place}", "The Hollow at {place}"],
    subtitles: [],
  },
  {
    name: "Young Adult", description: "Fiction written for readers aged twelve to eighteen", weight: 6, minPages: 240, maxPages: 460,
    titles: ["The {adj} Year", "{name} and the {adj} {noun}", "The {plural} Club", "Summer of {plural}", "Everything We Left in {place}", "The Year of {plural}"],
    subtitles: [],
  },
  {
    name: "Children's", description: "Picture books and early readers for young children", weight: 6, minPages: 24, maxPages: 160,
    titles: ["{name} and the {adj} {animal}", "The Little {animal}", "Where the {animal} Sleeps", "Goodnight, {animal}", "The {animal} Who Found a {noun}", "A {animal} Called {name}"],
    subtitles: [],
  },
  {
    name: "Biography", description: "Lives of notable people, told by others", weight: 5, minPages: 280, maxPages: 720,
    titles: ["{name} {surname}", "The Life of {name} {surname}", "Becoming {name} {surname}", "The {adj} Years of {name} {surname}", "A {job}'s Life"],
    subtitles: ["The Untold Story", "A Biography", "A Life in Letters"],
  },
  {
    name: "History", description: "Narrative and popular history", weight: 6, minPages: 280, maxPages: 760,
    titles: ["A History of {historyTopic}", "The Rise and Fall of {historyTopic}", "The Age of {historyTopic}", "{historyTopic} Remembered", "Empires of {historyTopic}"],
    subtitles: ["A New History", "From the Ancient World to the Present", "How One Idea Changed the World", "The Story of a Forgotten Era"],
  },
  {
    name: "Science", description: "Popular science for the curious general reader", weight: 5, minPages: 220, maxPages: 460,
    titles: ["The Science of {scienceTopic}", "The Hidden Life of {scienceTopic}", "Why {scienceTopic} Matters", "The {scienceTopic} Revolution", "Inside {scienceTopic}"],
    subtitles: ["What Scientists Are Learning", "A Short Introduction", "A Journey to the Frontiers of Research"],
  },
  {
    name: "Self-Help", description: "Practical guides to habits, wellbeing and personal growth", weight: 5, minPages: 180, maxPages: 320,
    titles: ["The Art of {skill}", "{number} Habits for {goal}", "The Power of {skill}", "Little Steps to {goal}", "The {skill} Method"],
    subtitles: ["How Small Changes Lead to Big Results", "A Practical Guide", "A Workbook"],
  },
  {
    name: "Business", description: "Management, entrepreneurship and economics", weight: 4, minPages: 220, maxPages: 380,
    titles: ["The {adj} Advantage", "Leading {businessTopic}", "The {businessTopic} Playbook", "Rethinking {businessTopic}", "{number} Rules of {businessTopic}"],
    subtitles: ["Lessons from the Front Line", "A Guide for Managers", "What Works and Why"],
  },
  {
    name: "Cooking", description: "Cookbooks and food writing", weight: 4, minPages: 160, maxPages: 400,
    titles: ["{cuisine} Kitchen", "Simple {dish}", "Everyday {cuisine}", "The Art of {dish}", "The {adj} Table"],
    subtitles: ["Recipes for Every Day", "Over 100 Recipes", "Home Cooking Made Easy"],
  },
  {
    name: "Travel", description: "Travel writing and guidebooks", weight: 3, minPages: 200, maxPages: 420,
    titles: ["Walking {travelRegion}", "A Year in {travelRegion}", "The Road to {travelRegion}", "{travelRegion} on Foot", "Slow Travel in {travelRegion}"],
    subtitles: ["A Traveller's Companion", "Journeys Off the Beaten Path"],
  },
  {
    name: "Poetry", description: "Collections of poems", weight: 2, minPages: 64, maxPages: 160,
    titles: ["{plural}", "Poems from {place}", "The {adj} Hour", "Salt and {noun}", "Notes on {philosophyTopic}"],
    subtitles: ["Poems", "New and Selected Poems"],
  },
  {
    name: "Graphic Novels", description: "Comics and illustrated long-form stories", weight: 3, minPages: 120, maxPages: 320,
    titles: ["The {adj} {noun}, Volume {roman}", "{plural} of {space}, Volume {roman}", "The {animal} Knights, Volume {roman}"],
    subtitles: [],
  },
  {
    name: "Philosophy", description: "Accessible philosophy and essays on how to live", weight: 2, minPages: 160, maxPages: 360,
    titles: ["On {philosophyTopic}", "The Problem of {philosophyTopic}", "A Short Guide to {philosophyTopic}", "Thinking About {philosophyTopic}"],
    subtitles: ["An Essay", "Ancient Wisdom for Modern Life"],
  },
];

export interface PublisherSpec {
  readonly name: string;
  readonly city: string;
  readonly country: string;
  readonly foundedYear: number;
  /** Relative size of the list it publishes. */
  readonly weight: number;
}

/** Invented publishing houses. */
// prettier-ignore
export const PUBLISHERS: readonly PublisherSpec[] = [
  { name: "Larkspur Press", city: "New York", country: "United States", foundedYear: 1921, weight: 14 },
  { name: "Ironwood Books", city: "New York", country: "United States", foundedYear: 1946, weight: 12 },
  { name: "Bluewater Publishing", city: "Boston", country: "United States", foundedYear: 1962, weight: 9 },
  { name: "Northgate House", city: "London", country: "United Kingdom", foundedYear: 1898, weight: 10 },
  { name: "Copperfield & Rowe", city: "London", country: "United Kingdom", foundedYear: 1874, weight: 8 },
  { name: "Harbor Light Editions", city: "Portland", country: "United States", foundedYear: 1988, weight: 5 },
  { name: "Meridian Books", city: "Chicago", country: "United States", foundedYear: 1955, weight: 7 },
  { name: "Foxglove Press", city: "Edinburgh", country: "United Kingdom", foundedYear: 1979, weight: 3 },
  { name: "Red Maple Publishing", city: "Toronto", country: "Canada", foundedYear: 1967, weight: 5 },
  { name: "Southern Cross Books", city: "Sydney", country: "Australia", foundedYear: 1959, weight: 4 },
  { name: "Stonebridge", city: "New York", country: "United States", foundedYear: 2004, weight: 6 },
  { name: "Quill & Ember", city: "San Francisco", country: "United States", foundedYear: 2011, weight: 4 },
  { name: "Tidewater Press", city: "Baltimore", country: "United States", foundedYear: 1993, weight: 2 },
  { name: "Little Acorn Books", city: "Minneapolis", country: "United States", foundedYear: 1984, weight: 4 },
  { name: "Galleon Books", city: "Dublin", country: "Ireland", foundedYear: 1970, weight: 3 },
  { name: "Westward Publishing", city: "Denver", country: "United States", foundedYear: 1999, weight: 3 },
  { name: "Beacon Hill Books", city: "Boston", country: "United States", foundedYear: 1931, weight: 5 },
  { name: "Cobalt Comics", city: "Los Angeles", country: "United States", foundedYear: 2008, weight: 2 },
  { name: "Saltmarsh Editions", city: "Cardiff", country: "United Kingdom", foundedYear: 2015, weight: 1 },
  { name: "Open Field Press", city: "Seattle", country: "United States", foundedYear: 2019, weight: 1 },
  { name: "Kestrel House", city: "Melbourne", country: "Australia", foundedYear: 1990, weight: 2 },
  { name: "Pinecone Kids", city: "Portland", country: "United States", foundedYear: 2002, weight: 3 },
];

export interface StoreSpec {
  readonly name: string;
  readonly city: string;
  readonly state: string;
  readonly openedDate: string;
  /** Set for a branch that has shut; its history stays in the data. */
  readonly closedDate: string | null;
  readonly squareFeet: number;
  /** Relative foot traffic. */
  readonly weight: number;
}

/** Branches of the invented "Harbor & Quill" bookshop chain. */
// prettier-ignore
export const STORES: readonly StoreSpec[] = [
  { name: "Harbor & Quill Pearl District", city: "Portland", state: "OR", openedDate: "2009-04-18", closedDate: null, squareFeet: 6200, weight: 14 },
  { name: "Harbor & Quill Hawthorne", city: "Portland", state: "OR", openedDate: "2013-09-07", closedDate: null, squareFeet: 3100, weight: 8 },
  { name: "Harbor & Quill Capitol Hill", city: "Seattle", state: "WA", openedDate: "2011-06-11", closedDate: null, squareFeet: 4800, weight: 11 },
  { name: "Harbor & Quill Ballard", city: "Seattle", state: "WA", openedDate: "2016-03-19", closedDate: null, squareFeet: 2600, weight: 6 },
  { name: "Harbor & Quill Mission", city: "San Francisco", state: "CA", openedDate: "2014-11-01", closedDate: "2023-06-30", squareFeet: 2900, weight: 6 },
  { name: "Harbor & Quill Back Bay", city: "Boston", state: "MA", openedDate: "2015-05-23", closedDate: null, squareFeet: 5400, weight: 10 },
  { name: "Harbor & Quill Brooklyn Heights", city: "New York", state: "NY", openedDate: "2018-10-13", closedDate: null, squareFeet: 3800, weight: 12 },
  { name: "Harbor & Quill Wicker Park", city: "Chicago", state: "IL", openedDate: "2017-08-26", closedDate: null, squareFeet: 4100, weight: 9 },
  { name: "Harbor & Quill South Congress", city: "Austin", state: "TX", openedDate: "2021-02-20", closedDate: null, squareFeet: 3500, weight: 7 },
  { name: "Harbor & Quill LoDo", city: "Denver", state: "CO", openedDate: "2022-09-10", closedDate: null, squareFeet: 3300, weight: 6 },
];

/** Promotion codes customers may type at checkout. */
// prettier-ignore
export const DISCOUNT_CODES: readonly { readonly code: string; readonly percent: number }[] = [
  { code: "WELCOME10", percent: 10 },
  { code: "BOOKCLUB15", percent: 15 },
  { code: "SUMMERREAD", percent: 20 },
  { code: "HOLIDAY25", percent: 25 },
  { code: "STUDENT10", percent: 10 },
];

/** Review headlines, indexed by star rating minus one. */
// prettier-ignore
export const REVIEW_TITLES: readonly (readonly string[])[] = [
  ["Not for me", "Could not finish it", "Disappointing", "A waste of money", "Very slow"],
  ["Had high hopes", "Uneven", "Some good moments", "Not the author's best", "Predictable"],
  ["Decent read", "It was fine", "Good but not great", "Solid, if forgettable", "Mixed feelings"],
  ["Really enjoyed it", "A great read", "Recommended", "Hard to put down", "Very good"],
  ["Loved it!", "A new favourite", "Absolutely wonderful", "Five stars", "Stayed up all night reading", "A masterpiece"],
];

/** Review sentences, indexed by star rating minus one. */
// prettier-ignore
export const REVIEW_SENTENCES: readonly (readonly string[])[] = [
  [
    "I gave up halfway through.", "The characters never came alive for me.", "The plot made very little sense.",
    "I found the writing flat and repetitive.", "The ending was a real letdown.",
  ],
  [
    "There are some good ideas here but the pacing drags.", "The middle section felt far too long.",
    "I expected more after all the praise.", "It picked up near the end, but too late.",
  ],
  [
    "An enjoyable way to pass a weekend.", "Some chapters were excellent, others less so.",
    "Good writing, although the story is familiar.", "Worth borrowing from the library.",
  ],
  [
    "The characters felt real and the dialogue is sharp.", "I read it in two sittings.",
    "A thoughtful book that stayed with me.", "I will be looking for more by this author.",
    "Bought a second copy as a gift.",
  ],
  [
    "One of the best books I have read this year.", "Beautifully written from start to finish.",
    "I have already recommended it to everyone I know.", "The ending left me in tears.",
    "Our book club could not stop talking about it.", "Every page is a pleasure.",
  ],
];

/** Where authors come from, with the language their books are first written in. */
// prettier-ignore
export const AUTHOR_COUNTRIES: readonly { readonly country: string; readonly language: string; readonly weight: number }[] = [
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

// Word lists for the German benchmark database (a municipal utility on Lake Constance): names, streets, towns,
// tariffs and the codes the utility stores. Laid out by hand, several entries a line; prettier-ignore keeps them so.

/** Women's given names common in southern Germany across generations, roughly from most to least common. */
// prettier-ignore
export const FEMALE_FIRST_NAMES: readonly string[] = [
  "Sabine", "Petra", "Monika", "Andrea", "Claudia", "Susanne", "Anna", "Julia", "Katharina", "Laura",
  "Sarah", "Lena", "Ursula", "Gabriele", "Birgit", "Stefanie", "Nicole", "Melanie", "Christina", "Sandra",
  "Jana", "Lea", "Hannah", "Marie", "Sophie", "Emma", "Mia", "Johanna", "Elke", "Renate",
  "Ingrid", "Helga", "Brigitte", "Karin", "Heike", "Silke", "Anja", "Tanja", "Franziska", "Theresa",
  "Ilse", "Özlem", "Zeynep", "Ana", "Elif", "Jasmin", "Charlotte", "Greta", "Annegret", "Dörte",
];

/** Men's given names common in southern Germany across generations, roughly from most to least common. */
// prettier-ignore
export const MALE_FIRST_NAMES: readonly string[] = [
  "Thomas", "Michael", "Andreas", "Stefan", "Peter", "Wolfgang", "Klaus", "Jürgen", "Frank", "Markus",
  "Christian", "Martin", "Daniel", "Alexander", "Tobias", "Florian", "Sebastian", "Jan", "Lukas", "Jonas",
  "Felix", "Maximilian", "Paul", "Leon", "Hans", "Dieter", "Günter", "Manfred", "Uwe", "Bernd",
  "Ralf", "Matthias", "Johannes", "Simon", "Fabian", "Moritz", "Niklas", "Mehmet", "Murat", "Luca",
  "Jörg", "Björn", "Rüdiger", "Helmut", "Gerhard", "Ulrich", "Georg", "Benedikt", "Kilian", "Anton",
];

/** Surnames, the most common German ones first, with regional (Swabian, Alemannic, Bavarian) and immigrant names. */
// prettier-ignore
export const LAST_NAMES: readonly string[] = [
  "Müller", "Schmid", "Schneider", "Fischer", "Weber", "Maier", "Meyer", "Wagner", "Becker", "Schulz",
  "Hoffmann", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann",
  "Braun", "Krüger", "Hofmann", "Hartmann", "Lange", "Schmitt", "Werner", "Krause", "Huber", "Walter",
  "Keller", "Frey", "Baumann", "Graf", "Vogel", "Brugger", "Riedle", "Häberle", "Kienzle", "Straub",
  "Schäfer", "Fuchs", "Jäger", "Götz", "Böhm", "Dreher", "Seeger", "Eisele", "Rapp", "Gössler",
  "Yılmaz", "Kaya", "Demir", "Nowak", "Kowalski", "Rossi", "Popescu", "Hadžić", "Ivanov", "Fernández",
];

/** Company names for commercial customers: a trade and a surname or place make the name. */
// prettier-ignore
export const BUSINESS_KINDS: readonly string[] = [
  "Bäckerei", "Metzgerei", "Autohaus", "Gasthaus", "Hotel", "Schreinerei", "Zahnarztpraxis", "Friseursalon",
  "Blumenhaus", "Elektro", "Sanitär", "Weingut", "Obsthof", "Apotheke", "Druckerei", "Steuerkanzlei",
];

export const LEGAL_FORMS: readonly string[] = ["", "", "GmbH", "GmbH & Co. KG", "e.K.", "OHG"];

/** Street names as they are written; the customer table folds ß to ss (its old import did), the supply points keep it. */
// prettier-ignore
export const STREETS: readonly string[] = [
  "Hauptstraße", "Seestraße", "Bahnhofstraße", "Schulstraße", "Kirchgasse", "Gartenstraße", "Mühlenweg",
  "Lindenallee", "Bergstraße", "Uferweg", "Marktplatz", "Schillerstraße", "Goethestraße", "Rosenweg",
  "Am Hafen", "Konstanzer Straße", "Zeppelinstraße", "Obere Laube", "Rheinsteig", "Wiesenweg",
  "Friedhofstraße", "Talstraße", "Sonnenhalde", "Weinbergstraße", "Im Grün", "Fürstenbergstraße",
  "Schützenstraße", "Untere Gasse", "Birkenweg", "Ahornweg",
];

/** A town: its name as written, its state or canton (null where the utility keeps none), country code, population. */
export interface Town {
  readonly name: string;
  readonly region: string | null;
  readonly country: "DE" | "AT" | "CH" | "ES" | "IT";
  readonly population: number;
  /** True for the towns the utility supplies; customers elsewhere own or let property here. */
  readonly supplied: boolean;
}

// prettier-ignore
export const TOWNS: readonly Town[] = [
  { name: "Konstanz", region: "Baden-Württemberg", country: "DE", population: 86_000, supplied: true },
  { name: "Radolfzell am Bodensee", region: "Baden-Württemberg", country: "DE", population: 32_000, supplied: true },
  { name: "Singen (Hohentwiel)", region: "Baden-Württemberg", country: "DE", population: 48_000, supplied: true },
  { name: "Überlingen", region: "Baden-Württemberg", country: "DE", population: 23_000, supplied: true },
  { name: "Friedrichshafen", region: "Baden-Württemberg", country: "DE", population: 61_000, supplied: true },
  { name: "Meersburg", region: "Baden-Württemberg", country: "DE", population: 6_000, supplied: true },
  { name: "Markdorf", region: "Baden-Württemberg", country: "DE", population: 14_000, supplied: true },
  { name: "Stockach", region: "Baden-Württemberg", country: "DE", population: 17_500, supplied: true },
  { name: "Allensbach", region: "Baden-Württemberg", country: "DE", population: 7_300, supplied: true },
  { name: "Reichenau", region: "Baden-Württemberg", country: "DE", population: 5_300, supplied: true },
  { name: "Tettnang", region: "Baden-Württemberg", country: "DE", population: 19_500, supplied: true },
  { name: "Engen", region: "Baden-Württemberg", country: "DE", population: 11_000, supplied: true },
  { name: "Gottmadingen", region: "Baden-Württemberg", country: "DE", population: 10_800, supplied: true },
  { name: "Lindau (Bodensee)", region: "Bayern", country: "DE", population: 25_500, supplied: true },
  { name: "Stuttgart", region: "Baden-Württemberg", country: "DE", population: 630_000, supplied: false },
  { name: "Freiburg im Breisgau", region: "Baden-Württemberg", country: "DE", population: 236_000, supplied: false },
  { name: "Tübingen", region: "Baden-Württemberg", country: "DE", population: 92_000, supplied: false },
  { name: "Ravensburg", region: "Baden-Württemberg", country: "DE", population: 51_000, supplied: false },
  { name: "München", region: "Bayern", country: "DE", population: 1_510_000, supplied: false },
  { name: "Nürnberg", region: "Bayern", country: "DE", population: 527_000, supplied: false },
  { name: "Würzburg", region: "Bayern", country: "DE", population: 128_000, supplied: false },
  { name: "Köln", region: "Nordrhein-Westfalen", country: "DE", population: 1_080_000, supplied: false },
  { name: "Düsseldorf", region: "Nordrhein-Westfalen", country: "DE", population: 630_000, supplied: false },
  { name: "Frankfurt am Main", region: "Hessen", country: "DE", population: 775_000, supplied: false },
  { name: "Berlin", region: "Berlin", country: "DE", population: 3_780_000, supplied: false },
  { name: "Hamburg", region: "Hamburg", country: "DE", population: 1_900_000, supplied: false },
  { name: "Bregenz", region: "Vorarlberg", country: "AT", population: 30_000, supplied: false },
  { name: "Dornbirn", region: "Vorarlberg", country: "AT", population: 51_000, supplied: false },
  { name: "Innsbruck", region: "Tirol", country: "AT", population: 131_000, supplied: false },
  { name: "Wien", region: "Wien", country: "AT", population: 2_000_000, supplied: false },
  { name: "Salzburg", region: "Salzburg", country: "AT", population: 156_000, supplied: false },
  { name: "Zürich", region: "Zürich", country: "CH", population: 427_000, supplied: false },
  { name: "Kreuzlingen", region: "Thurgau", country: "CH", population: 23_000, supplied: false },
  { name: "St. Gallen", region: "St. Gallen", country: "CH", population: 76_000, supplied: false },
  { name: "Schaffhausen", region: "Schaffhausen", country: "CH", population: 37_000, supplied: false },
  { name: "Palma", region: null, country: "ES", population: 420_000, supplied: false },
  { name: "Málaga", region: null, country: "ES", population: 580_000, supplied: false },
  { name: "Alicante", region: null, country: "ES", population: 350_000, supplied: false },
  { name: "Bozen", region: null, country: "IT", population: 107_000, supplied: false },
  { name: "Mailand", region: null, country: "IT", population: 1_370_000, supplied: false },
];

export type Division = "Strom" | "Gas" | "Wasser" | "Fernwaerme";

/** A tariff: prices in EUR per month and cent per unit (kWh, or m³ for water). */
export interface TariffSpec {
  readonly name: string;
  readonly division: Division;
  readonly basePerMonth: number;
  readonly centsPerUnit: number;
  readonly green: boolean;
  readonly forBusiness: boolean;
  readonly validFrom: string;
  readonly validUntil: string | null;
  /** The yearly consumption the average price is quoted for (kWh or m³). */
  readonly typicalUse: number;
  /** Only where a network exists: district heating in three towns. */
  readonly onlyIn?: readonly string[];
}

// prettier-ignore
export const TARIFFS: readonly TariffSpec[] = [
  { name: "SeeStrom Basis", division: "Strom", basePerMonth: 12.9, centsPerUnit: 32.4, green: false, forBusiness: false, validFrom: "2019-01-01", validUntil: null, typicalUse: 2500 },
  { name: "SeeStrom Öko", division: "Strom", basePerMonth: 13.9, centsPerUnit: 34.1, green: true, forBusiness: false, validFrom: "2010-01-01", validUntil: null, typicalUse: 2500 },
  { name: "SeeStrom Öko Plus", division: "Strom", basePerMonth: 14.5, centsPerUnit: 36.8, green: true, forBusiness: false, validFrom: "2021-04-01", validUntil: null, typicalUse: 2500 },
  { name: "SeeStrom Wärmepumpe", division: "Strom", basePerMonth: 9.5, centsPerUnit: 26.9, green: true, forBusiness: false, validFrom: "2022-01-01", validUntil: null, typicalUse: 5000 },
  { name: "SeeStrom Grundversorgung", division: "Strom", basePerMonth: 15.2, centsPerUnit: 41.3, green: false, forBusiness: false, validFrom: "1998-01-01", validUntil: null, typicalUse: 2500 },
  { name: "SeeStrom Classic", division: "Strom", basePerMonth: 10.9, centsPerUnit: 27.5, green: false, forBusiness: false, validFrom: "2005-01-01", validUntil: "2022-12-31", typicalUse: 2500 },
  { name: "SeeStrom Gewerbe", division: "Strom", basePerMonth: 24.0, centsPerUnit: 29.9, green: false, forBusiness: true, validFrom: "1998-01-01", validUntil: null, typicalUse: 20000 },
  { name: "SeeGas Basis", division: "Gas", basePerMonth: 11.5, centsPerUnit: 11.9, green: false, forBusiness: false, validFrom: "1998-01-01", validUntil: null, typicalUse: 15000 },
  { name: "SeeGas Klima", division: "Gas", basePerMonth: 12.5, centsPerUnit: 12.8, green: true, forBusiness: false, validFrom: "2021-01-01", validUntil: null, typicalUse: 15000 },
  { name: "SeeGas Gewerbe", division: "Gas", basePerMonth: 29.0, centsPerUnit: 10.4, green: false, forBusiness: true, validFrom: "1998-01-01", validUntil: null, typicalUse: 60000 },
  { name: "Trinkwasser Standard", division: "Wasser", basePerMonth: 6.2, centsPerUnit: 245, green: false, forBusiness: false, validFrom: "1998-01-01", validUntil: null, typicalUse: 90 },
  { name: "Trinkwasser Gewerbe", division: "Wasser", basePerMonth: 14.0, centsPerUnit: 231, green: false, forBusiness: true, validFrom: "1998-01-01", validUntil: null, typicalUse: 600 },
  { name: "Fernwärme Komfort", division: "Fernwaerme", basePerMonth: 18.0, centsPerUnit: 13.6, green: false, forBusiness: false, validFrom: "2004-01-01", validUntil: null, typicalUse: 12000, onlyIn: ["Konstanz", "Singen (Hohentwiel)", "Friedrichshafen"] },
];

/**
 * Department codes. Several are short words of German ('DIE', 'AN', 'IM', 'ES'): codes like these are what make a
 * question word ("die", "an", "im", "es") look like a stored value.
 */
// prettier-ignore
export const DEPARTMENTS: readonly { code: string; name: string; town: string; costCentre: number; staff: number }[] = [
  { code: "KS", name: "Kundenservice", town: "Konstanz", costCentre: 4100, staff: 22 },
  { code: "FI", name: "Finanzen und Abrechnung", town: "Konstanz", costCentre: 4200, staff: 14 },
  { code: "VT", name: "Vertrieb", town: "Konstanz", costCentre: 4300, staff: 12 },
  { code: "NB", name: "Netzbetrieb", town: "Singen (Hohentwiel)", costCentre: 5100, staff: 26 },
  { code: "MS", name: "Messstellenbetrieb", town: "Radolfzell am Bodensee", costCentre: 5200, staff: 16 },
  { code: "AN", name: "Anschlusswesen", town: "Singen (Hohentwiel)", costCentre: 5300, staff: 9 },
  { code: "DIE", name: "Dienstleistungen und Energieberatung", town: "Friedrichshafen", costCentre: 4400, staff: 8 },
  { code: "IM", name: "Immobilien und Gebäudemanagement", town: "Konstanz", costCentre: 4500, staff: 6 },
  { code: "ES", name: "Energiespeicher und Erzeugung", town: "Überlingen", costCentre: 5400, staff: 7 },
];

export const METER_MAKERS: Record<string, readonly string[]> = {
  Strom: ["Landis+Gyr", "EMH metering", "Itron", "EasyMeter", "Iskraemeco"],
  Gas: ["Elster", "Itron", "Pipersberg"],
  Wasser: ["Sensus", "Diehl Metering", "Zenner"],
  Waerme: ["Diehl Metering", "Kamstrup", "Zenner"],
};

// prettier-ignore
export const OUTAGE_CAUSES: Record<Division, readonly string[]> = {
  Strom: ["Kabelschaden", "Sturmschaden", "Baggerarbeiten", "Defekt im Umspannwerk", "Hausanschluss defekt", "Zählerdefekt"],
  Gas: ["Gasgeruch gemeldet", "Leck an der Leitung", "Baggerarbeiten", "Druckabfall"],
  Wasser: ["Rohrbruch", "Frostschaden", "Baggerarbeiten", "Verunreinigung"],
  Fernwaerme: ["Leck an der Leitung", "Pumpenausfall", "Übergabestation defekt"],
};

export const CANCELLATION_REASONS: readonly string[] = ["Umzug", "Anbieterwechsel", "Preiserhöhung", "Todesfall", "Geschäftsaufgabe", "Hausverkauf"];

export const BUILDING_KINDS: readonly string[] = ["Einfamilienhaus", "Mehrfamilienhaus", "Doppelhaushälfte", "Reihenhaus", "Wohnung"];

// The German benchmark database's schema: a municipal utility (Stadtwerke) on Lake Constance. The names mix the
// styles real German schemas grow over the years: compounds (Kundennummer, Durchschnittspreis), snake_case
// (kunde_seit, ende_datum), CamelCase (VertragsBeginn), umlauts in some names (Städte, Wohnfläche) and ASCII
// folding in others (Strasse, Zaehlernummer). A few columns carry no comment, as in any inherited database.

/** The Spider db_id, and the name of the database's folder and file. */
export const GERMAN_DB_ID = "stadtwerke";

export const GERMAN_SCHEMA = `
CREATE TABLE "Städte" (
  stadt_id INTEGER PRIMARY KEY, -- Laufende Nummer der Stadt
  Name TEXT NOT NULL UNIQUE, -- Name der Stadt oder Gemeinde, wie er auf Rechnungen steht
  Bundesland TEXT, -- Bundesland, österreichisches Bundesland oder Schweizer Kanton; NULL in anderen Ländern
  Land TEXT NOT NULL, -- Ländercode nach ISO 3166-1 ('DE', 'AT', 'CH', 'ES', 'IT')
  Einwohnerzahl INTEGER NOT NULL, -- Einwohner, gerundet
  im_Versorgungsgebiet INTEGER NOT NULL -- 1, wenn die Stadtwerke hier Energie oder Wasser liefern, sonst 0
);

CREATE TABLE Abteilungen (
  Kuerzel TEXT PRIMARY KEY, -- Kurzzeichen der Abteilung, z. B. 'KS' oder 'NB'
  Bezeichnung TEXT NOT NULL UNIQUE, -- Ausgeschriebener Name der Abteilung
  Standort INTEGER NOT NULL REFERENCES "Städte"(stadt_id), -- Stadt, in der die Abteilung sitzt
  kst INTEGER NOT NULL
);

CREATE TABLE Mitarbeiter (
  personalnummer INTEGER PRIMARY KEY, -- Personalnummer
  Vorname TEXT NOT NULL,
  Nachname TEXT NOT NULL,
  Abteilung TEXT NOT NULL REFERENCES Abteilungen(Kuerzel), -- Kürzel der Abteilung
  Eintrittsdatum TEXT NOT NULL, -- Erster Arbeitstag (JJJJ-MM-TT)
  Vorgesetzter INTEGER REFERENCES Mitarbeiter(personalnummer), -- Personalnummer der Führungskraft; NULL bei Abteilungsleitern
  Wochenstunden REAL NOT NULL, -- Vertragliche Arbeitszeit pro Woche
  Gehaltsgruppe TEXT NOT NULL
);

CREATE TABLE Kunden (
  Kundennummer INTEGER PRIMARY KEY, -- Kundennummer, steht auf jeder Rechnung
  Anrede TEXT NOT NULL, -- 'Herr', 'Frau' oder 'Firma'
  Vorname TEXT, -- NULL bei Firmen
  Nachname TEXT, -- NULL bei Firmen
  Firmenname TEXT, -- Nur bei Gewerbekunden
  Kundentyp TEXT NOT NULL, -- 'P' = Privatkunde, 'G' = Gewerbekunde
  Strasse TEXT NOT NULL, -- Straße der Rechnungsanschrift (aus dem Altsystem, ß als ss)
  Hausnummer TEXT NOT NULL,
  stadt_id INTEGER NOT NULL REFERENCES "Städte"(stadt_id), -- Wohnort bzw. Firmensitz laut Rechnungsanschrift
  Geburtsdatum TEXT, -- JJJJ-MM-TT; NULL bei Firmen
  EMail TEXT, -- NULL, wenn keine angegeben
  kunde_seit TEXT NOT NULL, -- Datum der ersten Anmeldung
  Werbeeinwilligung INTEGER NOT NULL, -- 1 = Kunde ist mit Werbung per Post und E-Mail einverstanden
  Bonitaet TEXT
);

CREATE TABLE Tarife (
  tarif_id INTEGER PRIMARY KEY,
  Tarifname TEXT NOT NULL UNIQUE, -- Name des Tarifs, wie er beworben wird
  Sparte TEXT NOT NULL, -- 'Strom', 'Gas', 'Wasser' oder 'Fernwaerme'
  Grundpreis REAL NOT NULL, -- Euro pro Monat, netto
  Arbeitspreis REAL NOT NULL, -- Cent je kWh, bei Wasser je Kubikmeter, netto
  Durchschnittspreis REAL NOT NULL, -- Cent je Einheit beim typischen Jahresverbrauch, Grundpreis eingerechnet
  oeko INTEGER NOT NULL, -- 1 = Ökostrom bzw. klimaneutral kompensiertes Gas
  nur_Gewerbe INTEGER NOT NULL, -- 1 = nur für Gewerbekunden
  gueltig_ab TEXT NOT NULL, -- Seit wann der Tarif angeboten wird
  gueltig_bis TEXT -- Letzter Tag, an dem er abgeschlossen werden konnte; NULL, solange er angeboten wird
);

-- Brückentabelle: in welchen Städten welcher Tarif angeboten wird.
CREATE TABLE Tarifgebiete (
  tarif_id INTEGER NOT NULL REFERENCES Tarife(tarif_id),
  stadt_id INTEGER NOT NULL REFERENCES "Städte"(stadt_id),
  Netzentgelt REAL NOT NULL, -- Anteil des Netzbetreibers am Arbeitspreis in dieser Stadt, Cent je Einheit
  PRIMARY KEY (tarif_id, stadt_id)
);

CREATE TABLE Verbrauchsstellen (
  verbrauchsstelle_id INTEGER PRIMARY KEY, -- Lieferstelle: das Gebäude oder die Wohnung, die beliefert wird
  "Straße" TEXT NOT NULL,
  Hausnummer TEXT NOT NULL,
  stadt_id INTEGER NOT NULL REFERENCES "Städte"(stadt_id),
  "Gebäudeart" TEXT NOT NULL, -- 'Einfamilienhaus', 'Doppelhaushälfte', 'Reihenhaus', 'Mehrfamilienhaus', 'Wohnung' oder 'Gewerbe'
  "Wohnfläche" REAL, -- Quadratmeter; NULL bei Gewerbe
  Baujahr INTEGER -- Baujahr des Gebäudes
);

CREATE TABLE "Verträge" (
  VertragsNr INTEGER PRIMARY KEY, -- Vertragsnummer
  Kundennummer INTEGER NOT NULL REFERENCES Kunden(Kundennummer), -- Vertragspartner
  tarif_id INTEGER NOT NULL REFERENCES Tarife(tarif_id),
  verbrauchsstelle_id INTEGER NOT NULL REFERENCES Verbrauchsstellen(verbrauchsstelle_id),
  VertragsBeginn TEXT NOT NULL, -- Erster Liefertag (JJJJ-MM-TT)
  ende_datum TEXT, -- Letzter Liefertag; NULL bei laufenden, unbefristeten Verträgen
  Status TEXT NOT NULL, -- 'aktiv', 'gekuendigt' (Kündigung liegt vor, Lieferung läuft noch) oder 'beendet'
  Kuendigungsgrund TEXT, -- Nur bei gekündigten und beendeten Verträgen
  AbschlagMonatlich REAL NOT NULL, -- Monatlicher Abschlag in Euro
  vertriebskanal TEXT
);

CREATE TABLE "Zähler" (
  Zaehlernummer TEXT PRIMARY KEY, -- Nummer auf dem Typenschild
  verbrauchsstelle_id INTEGER NOT NULL REFERENCES Verbrauchsstellen(verbrauchsstelle_id),
  Zaehlerart TEXT NOT NULL, -- 'Strom', 'Gas', 'Wasser' oder 'Waerme'
  Hersteller TEXT NOT NULL,
  Einbaudatum TEXT NOT NULL,
  Eichfrist_bis INTEGER NOT NULL, -- Jahr, in dem die Eichung abläuft
  SmartMeter INTEGER NOT NULL -- 1 = intelligentes Messsystem, wird fernausgelesen
);

CREATE TABLE Ablesungen (
  ablesung_id INTEGER PRIMARY KEY,
  Zaehlernummer TEXT NOT NULL REFERENCES "Zähler"(Zaehlernummer),
  Ablesedatum TEXT NOT NULL,
  Zaehlerstand REAL NOT NULL, -- kWh, bei Wasser Kubikmeter
  Ableseart TEXT NOT NULL, -- 'SA' Selbstablesung durch den Kunden, 'AB' Ableser vor Ort, 'FA' Fernauslesung, 'GS' geschätzt
  abgelesen_von INTEGER REFERENCES Mitarbeiter(personalnummer), -- Nur bei Ableseart 'AB'
  plausibel INTEGER NOT NULL
);

CREATE TABLE Rechnungen (
  RechnungsNr INTEGER PRIMARY KEY,
  VertragsNr INTEGER NOT NULL REFERENCES "Verträge"(VertragsNr),
  Rechnungsdatum TEXT NOT NULL,
  Zeitraum_von TEXT NOT NULL, -- Beginn des Abrechnungszeitraums
  Zeitraum_bis TEXT NOT NULL, -- Ende des Abrechnungszeitraums
  Verbrauch REAL NOT NULL, -- Verbrauch im Abrechnungszeitraum, kWh bzw. Kubikmeter
  Nettobetrag REAL NOT NULL, -- Euro, Summe der Positionen
  MwStSatz REAL NOT NULL, -- Mehrwertsteuersatz in Prozent
  Bruttobetrag REAL NOT NULL, -- Euro, inklusive Mehrwertsteuer
  Zahlungsstatus TEXT NOT NULL, -- 'bezahlt', 'offen', 'gemahnt' oder 'storniert'
  faellig_am TEXT NOT NULL -- Fälligkeitsdatum
);

CREATE TABLE Rechnungspositionen (
  RechnungsNr INTEGER NOT NULL REFERENCES Rechnungen(RechnungsNr),
  Pos INTEGER NOT NULL, -- Positionsnummer auf der Rechnung
  Bezeichnung TEXT NOT NULL, -- 'Grundpreis', 'Arbeitspreis', 'Messstellenbetrieb' oder 'Neukundenbonus'
  Menge REAL NOT NULL,
  Einheit TEXT NOT NULL, -- 'Monate', 'kWh', 'm³' oder 'Jahr'
  Einzelpreis REAL NOT NULL, -- Euro je Einheit, netto
  Betrag REAL NOT NULL, -- Euro, netto; negativ bei Gutschriften
  PRIMARY KEY (RechnungsNr, Pos)
);

CREATE TABLE Zahlungen (
  zahlung_id INTEGER PRIMARY KEY,
  RechnungsNr INTEGER NOT NULL REFERENCES Rechnungen(RechnungsNr),
  Zahlungsdatum TEXT NOT NULL, -- Tag des Zahlungseingangs
  Betrag REAL NOT NULL, -- Euro
  Zahlungsart TEXT NOT NULL -- 'LS' Lastschrift, 'UEB' Überweisung, 'BAR' Barzahlung im Kundencenter
);

CREATE TABLE "Störungsmeldungen" (
  MeldungsNr INTEGER PRIMARY KEY,
  verbrauchsstelle_id INTEGER NOT NULL REFERENCES Verbrauchsstellen(verbrauchsstelle_id), -- Wo die Störung gemeldet wurde
  Sparte TEXT NOT NULL, -- 'Strom', 'Gas', 'Wasser' oder 'Fernwaerme'
  gemeldet_am TEXT NOT NULL, -- Zeitpunkt der Meldung (JJJJ-MM-TT HH:MM:SS)
  behoben_am TEXT, -- Zeitpunkt der Behebung; NULL, solange die Störung andauert
  Ursache TEXT NOT NULL,
  Ausfalldauer_Minuten INTEGER, -- NULL, solange die Störung andauert
  Prioritaet TEXT NOT NULL, -- 'hoch', 'mittel' oder 'niedrig'
  bearbeitet_von INTEGER REFERENCES Mitarbeiter(personalnummer) -- Zuständiger Techniker
);
`;

// The sport domain: football leagues with seasons, teams, stadiums, players and their contracts, referees, matches and goals.
import type { Database } from "sql.js";
import { dayOf, insertRows, isoDate, isoDateTime, MINUTES_PER_DAY, type Random, type Row } from "../../sample-data/sample-kit";
import { around, type WarehouseDomain } from "./domain";

/** [league, country, club names]: ten clubs each, home city after the club name. */
// prettier-ignore
const LEAGUES: readonly (readonly [string, string, readonly (readonly [string, string])[]])[] = [
  ["Primera Liga", "ES", [["Real Arenas", "Madrid"], ["Atletico Sierra", "Madrid"], ["CD Levante Azul", "Valencia"], ["Sevilla Oro", "Seville"], ["Bilbao Norte", "Bilbao"], ["Granada Sur", "Granada"], ["UD Costa", "Malaga"], ["Celta Ría", "Vigo"], ["Zaragoza Club", "Zaragoza"], ["Racing Cantabria", "Santander"]]],
  ["Serie Alta", "IT", [["Torino Granata", "Turin"], ["AC Lombardi", "Milan"], ["Roma Aurelia", "Rome"], ["Napoli Vesuvio", "Naples"], ["Fiorentina Gigli", "Florence"], ["Genova Mare", "Genoa"], ["Bologna Rossoblu", "Bologna"], ["Verona Scaligeri", "Verona"], ["Palermo Rosanero", "Palermo"], ["Bari Galletti", "Bari"]]],
  ["Premier Division", "GB", [["Northbridge United", "Manchester"], ["Thames Rovers", "London"], ["Mersey City", "Liverpool"], ["Tyne Athletic", "Newcastle"], ["Severn Town", "Bristol"], ["Wearside FC", "Sunderland"], ["Forest Vale", "Nottingham"], ["Aire Wanderers", "Leeds"], ["Solent Albion", "Southampton"], ["Trent Harriers", "Derby"]]],
  ["Bundesklasse", "DE", [["FC Isar", "Munich"], ["Borussia Ruhr", "Dortmund"], ["SV Elbe", "Hamburg"], ["Hertha Spree", "Berlin"], ["VfB Neckar", "Stuttgart"], ["Eintracht Main", "Frankfurt"], ["Werder Weser", "Bremen"], ["1. FC Rhein", "Cologne"], ["Fortuna Düssel", "Düsseldorf"], ["SC Breisgau", "Freiburg"]]],
  ["Ligue Une", "FR", [["Olympique Phocéen", "Marseille"], ["Paris Étoile", "Paris"], ["Lyon Confluence", "Lyon"], ["Girondins Bordeaux", "Bordeaux"], ["Nantes Canaris", "Nantes"], ["Lille Dogues", "Lille"], ["Nice Aiglons", "Nice"], ["Stade Rennes", "Rennes"], ["Toulouse Violets", "Toulouse"], ["Racing Alsace", "Strasbourg"]]],
  ["Eredivisie Plus", "NL", [["Ajax Amstel", "Amsterdam"], ["Feyenoord Maas", "Rotterdam"], ["PSV Kempen", "Eindhoven"], ["FC Utrecht Dom", "Utrecht"], ["AZ Zaan", "Alkmaar"], ["FC Twente Tukkers", "Enschede"], ["Vitesse Veluwe", "Arnhem"], ["Groningen Noord", "Groningen"], ["Heerenveen Fries", "Heerenveen"], ["NEC Waal", "Nijmegen"]]],
];

/** Where players come from: mostly the league's country, some from a shared pool. */
const ABROAD = ["ES", "IT", "FR", "DE", "NL", "GB", "BR", "AR", "PT", "BE", "NG", "GH", "SN", "MA", "UY", "CO", "HR", "DK", "AN", "IS", "AT", "JP", "KR", "US"];
// prettier-ignore
const FIRST: Record<string, readonly string[]> = {
  ES: ["Sergio", "Pablo", "Javier", "Álvaro", "Iker", "Raúl", "Dani", "Marcos", "Carlos", "Jordi"],
  IT: ["Marco", "Luca", "Giorgio", "Matteo", "Andrea", "Federico", "Lorenzo", "Alessandro", "Davide", "Simone"],
  GB: ["Harry", "Jack", "Callum", "Jordan", "Marcus", "Declan", "Mason", "Kieran", "Reece", "Ben"],
  DE: ["Thomas", "Leon", "Jonas", "Niklas", "Lukas", "Florian", "Timo", "Kai", "Julian", "Mats"],
  FR: ["Antoine", "Kylian", "Hugo", "Lucas", "Théo", "Olivier", "Raphaël", "Benjamin", "Ousmane", "Adrien"],
  NL: ["Daan", "Sem", "Ruben", "Frenkie", "Virgil", "Matthijs", "Jurriën", "Cody", "Teun", "Stefan"],
  OTHER: ["João", "Diego", "Emeka", "Kwame", "Sadio", "Youssef", "Luis", "Ivan", "Kasper", "Kenji", "Min-jae", "Christian", "Rúrik", "Marcel"],
};
// prettier-ignore
const LAST: Record<string, readonly string[]> = {
  ES: ["García", "Fernández", "Moreno", "Navarro", "Romero", "Alonso", "Torres", "Ramos", "Iglesias", "Castro"],
  IT: ["Rossi", "Bianchi", "Romano", "Colombo", "Ricci", "Marino", "Greco", "Bruno", "Gallo", "Conti"],
  GB: ["Smith", "Walker", "Kane", "Rice", "Foden", "Stones", "Shaw", "Trippier", "Pope", "Bowen"],
  DE: ["Müller", "Schmidt", "Neuer", "Kimmich", "Goretzka", "Havertz", "Werner", "Brandt", "Hummels", "Sané"],
  FR: ["Martin", "Bernard", "Dubois", "Lefèvre", "Girard", "Mercier", "Fontaine", "Chevalier", "Robin", "Lambert"],
  NL: ["de Jong", "Jansen", "de Vries", "van Dijk", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder"],
  OTHER: ["Silva", "Okafor", "Mensah", "Diallo", "Haddad", "Suárez", "Perišić", "Sørensen", "Tanaka", "Kim", "Pulisic", "Sigurdsson", "Martina", "Fernandes"],
};
const POSITIONS: readonly (readonly [string, number])[] = [
  ["GK", 3],
  ["DF", 8],
  ["MF", 8],
  ["FW", 5],
];
const REFEREE_COUNTRIES = ["ES", "IT", "GB", "DE", "FR", "NL"];

function build(db: Database, random: Random): void {
  db.run(`CREATE TABLE leagues (
  league_id INTEGER PRIMARY KEY,
  league_name TEXT NOT NULL,
  country_code TEXT NOT NULL REFERENCES countries(iso2),
  tier INTEGER NOT NULL -- 1 for a country's top division
)`);
  insertRows(
    db,
    "leagues",
    ["league_id", "league_name", "country_code", "tier"],
    LEAGUES.map(([name, country], index) => [index + 1, name, country, 1]),
  );

  db.run(`CREATE TABLE seasons (
  season_id INTEGER PRIMARY KEY,
  league_id INTEGER NOT NULL REFERENCES leagues(league_id),
  season_label TEXT NOT NULL, -- e.g. '2023/24'
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL
)`);
  const seasons: Row[] = [];
  LEAGUES.forEach((_league, index) => {
    for (const year of [2023, 2024])
      seasons.push([seasons.length + 1, index + 1, `${year}/${String(year + 1).slice(2)}`, `${year}-08-12`, `${year + 1}-05-25`]);
  });
  insertRows(db, "seasons", ["season_id", "league_id", "season_label", "start_date", "end_date"], seasons);

  db.run(`CREATE TABLE stadiums (
  stadium_id INTEGER PRIMARY KEY,
  stadium_name TEXT NOT NULL,
  city TEXT NOT NULL,
  capacity INTEGER NOT NULL, -- Seats
  opened_yr INTEGER
)`);
  db.run(`CREATE TABLE teams (
  team_id INTEGER PRIMARY KEY,
  league_id INTEGER NOT NULL REFERENCES leagues(league_id),
  team_name TEXT NOT NULL UNIQUE,
  home_stadium_id INTEGER REFERENCES stadiums(stadium_id),
  founded_yr INTEGER,
  nickname TEXT
)`);
  const stadiums: Row[] = [];
  const teams: Row[] = [];
  const capacities: number[] = [];
  LEAGUES.forEach(([, , clubs], leagueIndex) => {
    for (const [club, city] of clubs) {
      const id = teams.length + 1;
      const capacity = around(random, 32000, 22000);
      capacities.push(capacity);
      stadiums.push([
        id,
        `${random.pick(["Estadio", "Stadio", "Park", "Arena", "Stadion"])} ${club.split(" ").at(-1)}`,
        city,
        capacity,
        random.chance(0.85) ? random.int(1900, 2015) : null,
      ]);
      teams.push([id, leagueIndex + 1, club, id, random.int(1880, 1960), random.chance(0.6) ? `The ${club.split(" ").at(-1)}s` : null]);
    }
  });
  insertRows(db, "stadiums", ["stadium_id", "stadium_name", "city", "capacity", "opened_yr"], stadiums);
  insertRows(db, "teams", ["team_id", "league_id", "team_name", "home_stadium_id", "founded_yr", "nickname"], teams);

  db.run(`CREATE TABLE players (
  player_id INTEGER PRIMARY KEY,
  team_id INTEGER REFERENCES teams(team_id), -- Current club; NULL for a free agent
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  pos TEXT NOT NULL, -- 'GK', 'DF', 'MF' or 'FW'
  nationality TEXT NOT NULL REFERENCES countries(iso2),
  birth_dt TEXT NOT NULL,
  shirtNo INTEGER,
  height_cm INTEGER
)`);
  db.run(`CREATE TABLE player_contracts (
  contract_id INTEGER PRIMARY KEY,
  player_id INTEGER NOT NULL REFERENCES players(player_id),
  team_id INTEGER NOT NULL REFERENCES teams(team_id),
  weekly_wage_amt INTEGER NOT NULL, -- Gross pay per week, EUR
  start_dt TEXT NOT NULL,
  end_dt TEXT NOT NULL,
  release_clause_amt INTEGER
)`);
  const players: Row[] = [];
  const contracts: Row[] = [];
  const squads = new Map<number, Row[]>();
  for (const team of teams) {
    const teamId = team[0] as number;
    const country = LEAGUES[(team[1] as number) - 1]![1];
    const squad: Row[] = [];
    const shirts = new Set<number>();
    for (const [position, count] of POSITIONS) {
      for (let n = 0; n < count; n++) {
        const nationality = random.chance(0.65) ? country : random.pick(ABROAD);
        const pool = FIRST[nationality] ? nationality : "OTHER";
        let shirt = position === "GK" && n === 0 ? 1 : random.int(2, 40);
        while (shirts.has(shirt)) shirt = random.int(2, 99);
        shirts.add(shirt);
        const id = players.length + 1;
        const row: Row = [
          id,
          teamId,
          random.pick(FIRST[pool]!),
          random.pick(LAST[pool]!),
          position,
          nationality,
          isoDate(dayOf("1990-01-01") + random.int(0, 15 * 365)),
          shirt,
          position === "GK" ? random.int(185, 198) : random.int(168, 194),
        ];
        players.push(row);
        squad.push(row);
        const wage = Math.round((capacities[teamId - 1]! / 1000) * random.int(10, 120)) * 10;
        contracts.push([
          contracts.length + 1,
          id,
          teamId,
          wage,
          `${random.int(2019, 2024)}-07-01`,
          `${random.int(2025, 2029)}-06-30`,
          random.chance(0.4) ? wage * random.int(200, 900) : null,
        ]);
      }
    }
    squads.set(teamId, squad);
  }
  // A few free agents: no club, no current contract.
  for (let n = 0; n < 24; n++) {
    const nationality = random.pick(ABROAD);
    const pool = FIRST[nationality] ? nationality : "OTHER";
    players.push([
      players.length + 1,
      null,
      random.pick(FIRST[pool]!),
      random.pick(LAST[pool]!),
      random.pick(POSITIONS)[0],
      nationality,
      isoDate(dayOf("1986-01-01") + random.int(0, 15 * 365)),
      null,
      random.int(170, 192),
    ]);
  }
  insertRows(db, "players", ["player_id", "team_id", "first_name", "last_name", "pos", "nationality", "birth_dt", "shirtNo", "height_cm"], players);
  insertRows(db, "player_contracts", ["contract_id", "player_id", "team_id", "weekly_wage_amt", "start_dt", "end_dt", "release_clause_amt"], contracts);

  db.run(`CREATE TABLE referees (
  referee_id INTEGER PRIMARY KEY,
  referee_name TEXT NOT NULL,
  country_code TEXT NOT NULL REFERENCES countries(iso2),
  fifa_badge INTEGER NOT NULL -- 1 when on the international list
)`);
  const referees: Row[] = [];
  for (const country of REFEREE_COUNTRIES) {
    for (let n = 0; n < 5; n++)
      referees.push([referees.length + 1, `${random.pick(FIRST[country]!)} ${random.pick(LAST[country]!)}`, country, random.chance(0.3) ? 1 : 0]);
  }
  insertRows(db, "referees", ["referee_id", "referee_name", "country_code", "fifa_badge"], referees);

  db.run(`CREATE TABLE matches (
  match_id INTEGER PRIMARY KEY,
  season_id INTEGER NOT NULL REFERENCES seasons(season_id),
  home_team_id INTEGER NOT NULL REFERENCES teams(team_id),
  away_team_id INTEGER NOT NULL REFERENCES teams(team_id),
  kickoff_at TEXT NOT NULL, -- Local time
  home_goals INTEGER NOT NULL,
  away_goals INTEGER NOT NULL,
  attendance INTEGER,
  referee_id INTEGER REFERENCES referees(referee_id)
)`);
  db.run(`CREATE TABLE match_goals (
  goal_id INTEGER PRIMARY KEY,
  match_id INTEGER NOT NULL REFERENCES matches(match_id),
  player_id INTEGER NOT NULL REFERENCES players(player_id), -- Scorer (for an own goal, the defender who scored it)
  minute INTEGER NOT NULL,
  goal_type TEXT NOT NULL -- 'OP' open play, 'PEN' penalty, 'FK' direct free kick, 'OG' own goal
)`);
  const matches: Row[] = [];
  const goals: Row[] = [];
  for (const season of seasons) {
    const league = season[1] as number;
    const ids = teams.filter((team) => team[1] === league).map((team) => team[0] as number);
    const start = dayOf(season[3] as string);
    const strength = new Map(ids.map((id) => [id, 0.8 + random.next()]));
    let round = 0;
    for (const home of ids) {
      for (const away of ids) {
        if (home === away) continue;
        const day = start + (round++ % 38) * 7 + random.int(0, 2);
        const homeGoals = Math.min(7, Math.floor(random.exponential(1.5 * strength.get(home)!)));
        const awayGoals = Math.min(6, Math.floor(random.exponential(1.1 * strength.get(away)!)));
        const matchId = matches.length + 1;
        const leagueCountry = LEAGUES[league - 1]![1];
        const referee = random.pick(referees.filter((referee) => referee[2] === leagueCountry));
        matches.push([
          matchId,
          season[0]!,
          home,
          away,
          isoDateTime(day * MINUTES_PER_DAY + random.pick([13, 15, 18, 20]) * 60 + random.pick([0, 30, 45])),
          homeGoals,
          awayGoals,
          random.chance(0.97) ? Math.round(capacities[home - 1]! * (0.55 + random.next() * 0.45)) : null,
          random.chance(0.95) ? referee[0]! : null,
        ]);
        for (const [team, opponent, count] of [
          [home, away, homeGoals],
          [away, home, awayGoals],
        ] as const) {
          for (let n = 0; n < count; n++) {
            const ownGoal = random.chance(0.04);
            const squad = squads.get(ownGoal ? opponent : team)!.filter((player) => player[4] !== "GK");
            const scorer = ownGoal ? random.pick(squad.filter((player) => player[4] === "DF")) : squad[random.skewedIndex(squad.length, 0.6)]!;
            const type = ownGoal ? "OG" : random.chance(0.1) ? "PEN" : random.chance(0.05) ? "FK" : "OP";
            goals.push([goals.length + 1, matchId, scorer[0]!, random.int(1, 90), type]);
          }
        }
      }
    }
  }
  insertRows(
    db,
    "matches",
    ["match_id", "season_id", "home_team_id", "away_team_id", "kickoff_at", "home_goals", "away_goals", "attendance", "referee_id"],
    matches,
  );
  insertRows(db, "match_goals", ["goal_id", "match_id", "player_id", "minute", "goal_type"], goals);
}

export const SPORT_DOMAIN: WarehouseDomain = { id: "sport", seed: 1301, build };

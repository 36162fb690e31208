// Which language a question (and the schema it asks about) is written in, told by their function words, and those words per language.

/** Languages whose Snowball stemmer and stoplist pruning knows; Latin script, the ones schemas are most often named in. */
export type Language = "english" | "german" | "dutch" | "french" | "spanish" | "italian" | "portuguese" | "swedish" | "danish" | "norwegian" | "finnish";

/**
 * A small stoplist per language, folded as textWords folds (lower case, no accents): the function words of
 * questions. They serve twice: telling the language (function words are what languages differ in most, and
 * every question has some), and keeping words like "an", "es", "de" from matching a stored code ('AN', 'ES', 'DE')
 * or a column named by an abbreviation. Short on purpose: a content word in the list would never match anything.
 */
const STOPWORDS: Record<Language, readonly string[]> = {
  english:
    "the a an of in on at to for from by with and or not is are was were be been has have had do does did how many much what which who whom whose where when why than that this these those there their its it each every all any per as".split(
      " ",
    ),
  german:
    "der die das den dem des ein eine einen einem einer eines und oder nicht ist sind war waren wird werden hat haben wie viele viel was welche welcher welches welchen wer wem wessen wo wann warum im in am an auf aus bei mit nach von vom zu zum zur fur uber unter als pro je jede jeder jedes alle es".split(
      " ",
    ),
  dutch:
    "de het een en of niet is zijn was waren wordt worden heeft hebben hoe veel hoeveel wat welke wie waar wanneer waarom in op aan bij met naar van voor uit per als elke alle er".split(
      " ",
    ),
  french:
    "le la les l un une des du de d et ou ne pas est sont etait ont a combien quel quelle quels quelles qui que quoi ou quand pourquoi dans sur au aux avec pour par en chaque tous toutes".split(
      " ",
    ),
  spanish:
    "el la los las un una unos unas del de y o no es son era fueron ha han cuantos cuantas cual cuales que quien quienes donde cuando por para con en al cada todos todas".split(
      " ",
    ),
  italian:
    "il lo la i gli le un uno una del della dei delle di e o non e sono era hanno ha quanti quante quale quali che chi dove quando perche in su con per da al alla ogni tutti tutte".split(
      " ",
    ),
  portuguese:
    "o a os as um uma uns umas do da dos das de e ou nao e sao era foram tem quantos quantas qual quais que quem onde quando por para com em no na nos nas cada todos todas".split(
      " ",
    ),
  swedish:
    "en ett den det de och eller inte ar var ha har hur manga mycket vad vilken vilka vem var nar varfor i pa av till fran med for om per varje alla".split(
      " ",
    ),
  danish:
    "en et den det de og eller ikke er var har hvor hvor mange meget hvad hvilken hvilke hvem hvornar hvorfor i pa af til fra med for om per hver alle".split(
      " ",
    ),
  norwegian: "en et ei den det de og eller ikke er var har hvor mange mye hva hvilken hvilke hvem nar hvorfor i pa av til fra med for om per hver alle".split(
    " ",
  ),
  finnish: "ja tai ei on ovat oli olivat kuinka monta paljon mika mitka kuka missa milloin miksi kaikki jokainen se ne etta kanssa".split(" "),
};

const STOPWORD_SETS = new Map<Language, ReadonlySet<string>>(
  (Object.entries(STOPWORDS) as Array<[Language, readonly string[]]>).map(([language, words]) => [language, new Set(words)]),
);

export function stopwords(language: Language): ReadonlySet<string> {
  return STOPWORD_SETS.get(language) ?? new Set();
}

/**
 * The word that, followed by an adjective, asks for an amount: "how high", "wie hoch", "hoe groot", "hur lång". The
 * adjective names the measure asked for, not a stored value ("wie hoch" is not the priority 'hoch').
 */
const DEGREE_QUESTION_WORDS: Partial<Record<Language, string>> = {
  english: "how",
  german: "wie",
  dutch: "hoe",
  swedish: "hur",
  danish: "hvor",
  norwegian: "hvor",
  finnish: "kuinka",
};

/** The words of a question (folded, in order) that follow its language's "how": the measure asked for ("hoch" in "Wie hoch …"). */
export function degreeWords(words: readonly string[], language: Language): string[] {
  const how = DEGREE_QUESTION_WORDS[language];
  if (!how) return [];
  return words.filter((_, index) => index > 0 && words[index - 1] === how);
}

/** Words no language claims on its own carry no vote: "in", "de", "en" are function words in several. */
const VOTERS: Map<string, Language[]> = new Map();
for (const [language, words] of Object.entries(STOPWORDS) as Array<[Language, readonly string[]]>) {
  for (const word of words) VOTERS.set(word, [...(VOTERS.get(word) ?? []), language]);
}

/** Fewer telling function words than this and the language is not named: a wrong stemmer costs more than none. */
const MIN_VOTES = 1.5;

/**
 * The language of a question, from its function words, with the schema's vocabulary (its names and descriptions,
 * folded words) as a weaker second voice: a German schema's descriptions tip "Wie viele…" towards German even
 * when the question has few function words. A word shared by several languages gives each a share of one vote;
 * null when nothing is telling enough (names alone, or a script without a stemmer here).
 */
export function detectLanguage(questionWords: readonly string[], schemaWords: readonly string[] = []): Language | null {
  const votes = new Map<Language, number>();
  const vote = (words: readonly string[], weight: number) => {
    for (const word of words) {
      const languages = VOTERS.get(word);
      if (!languages) continue;
      for (const language of languages) votes.set(language, (votes.get(language) ?? 0) + weight / languages.length);
    }
  };
  vote(questionWords, 1);
  // Schema text is long and a description uses many function words: scaled so it can tip a question, not outvote it.
  if (schemaWords.length > 0) vote(schemaWords, Math.min(1, 20 / schemaWords.length));
  let best: Language | null = null;
  let bestVotes = 0;
  let second = 0;
  for (const [language, count] of votes) {
    if (count > bestVotes) {
      second = bestVotes;
      bestVotes = count;
      best = language;
    } else if (count > second) second = count;
  }
  return best !== null && bestVotes >= MIN_VOTES && bestVotes > second ? best : null;
}

// Cards as the server writes them ("QS", "10H", "AC"), their names and corner letters in four
// languages, and the order a hand is shown in. Notation never changes with the language: only
// what is displayed does.

export const SUITS = ["C", "D", "H", "S"];
export const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
export const SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };

/** {rank, suit, text} of a card text, or null if it is no card. */
export function parse(text) {
  const m = /^(10|[2-9JQKA])([CDHS])$/.exec(String(text).toUpperCase().replace(/^T/, "10"));
  return m ? { rank: m[1], suit: m[2], text: m[1] + m[2] } : null;
}

/** The rank index, 0 (two) to 12 (ace). */
export function rankIndex(card) {
  return RANKS.indexOf(parse(card).rank);
}

// Names as in atout/cards.py.
const RANK_NAMES = {
  en: ["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen",
       "king", "ace"],
  fr: ["deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "valet", "dame",
       "roi", "as"],
  de: ["Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame",
       "König", "Ass"],
  da: ["to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti", "knægt", "dame", "konge",
       "es"],
};
const SUIT_NAMES = {
  en: ["clubs", "diamonds", "hearts", "spades"],
  fr: ["trèfle", "carreau", "cœur", "pique"],
  de: ["Kreuz", "Karo", "Herz", "Pik"],
  da: ["klør", "ruder", "hjerter", "spar"],
};

/** A suit's name: "hearts", "cœur", "Herz", "hjerter". */
export function suitName(suit, lang) {
  return SUIT_NAMES[lang][SUITS.indexOf(suit)];
}

/** A card's spoken name: "queen of spades", "dame de pique", "Pik-Dame", "spar dame". */
export function cardName(text, lang) {
  const c = parse(text);
  if (!c) return String(text);
  const rank = RANK_NAMES[lang][RANKS.indexOf(c.rank)];
  const suit = suitName(c.suit, lang);
  if (lang === "en") return `${rank} of ${suit}`;
  if (lang === "fr") return `${rank} de ${suit}`;
  if (lang === "de") return `${suit}-${rank}`;
  return `${suit} ${rank}`;
}

/** A card's name as the object of a sentence: "the queen of spades", "la dame de pique",
 *  "die Pik-Dame" (accusative in German: "den Pik-König"), "spar dame". */
export function cardPhrase(text, lang) {
  const c = parse(text);
  if (!c) return String(text);
  const name = cardName(text, lang);
  if (lang === "en") return `the ${name}`;
  if (lang === "fr") {
    if (c.rank === "A") return `l’${name}`;
    return (c.rank === "Q" ? "la " : "le ") + name;
  }
  if (lang === "de") {
    const article = c.rank === "A" ? "das" : c.rank === "K" || c.rank === "J" ? "den" : "die";
    return `${article} ${name}${c.rank === "J" ? "n" : ""}`;
  }
  return name;
}

// The letters of the court cards in each language, as its packs print them in the corners
// (roi, dame, valet; König, Dame, Bube; konge, dame, knægt, whose Danish index is B, from
// bonde). The Ace is an A everywhere. Display only: the notation (QS) stays as it is.
const COURT_LETTERS = {
  en: { J: "J", Q: "Q", K: "K" },
  fr: { J: "V", Q: "D", K: "R" },
  de: { J: "B", Q: "D", K: "K" },
  da: { J: "B", Q: "D", K: "K" },
};

/** The rank as a pack in `lang` prints it: "D" for the queen in French, German and Danish. */
export function rankLetter(rank, lang) {
  return (COURT_LETTERS[lang] || COURT_LETTERS.en)[rank] || rank;
}

/** The short label: "Q♠", "10♥" ("D♠" in French). */
export function cardLabel(text, lang = "en") {
  const c = parse(text);
  return c ? rankLetter(c.rank, lang) + SYMBOLS[c.suit] : String(text);
}

// Schnapsen's order within a suit: A 10 K Q J.
const SCHNAPSEN_ORDER = { A: 0, "10": 1, K: 2, Q: 3, J: 4 };

/** A hand in the order players hold it: trumps first, then the other suits alternating
 *  colours, high cards first within a suit (Schnapsen's Ten just below its Ace). */
export function sortHand(cards, { trump = null, game = "" } = {}) {
  const order = trump ? [trump, ...alternating(trump)] : ["S", "H", "C", "D"];
  const within = (c) => game === "schnapsen" ? SCHNAPSEN_ORDER[c.rank] : 12 - RANKS.indexOf(c.rank);
  return [...cards].map(parse).filter(Boolean)
    .sort((a, b) => order.indexOf(a.suit) - order.indexOf(b.suit) || within(a) - within(b))
    .map((c) => c.text);
}

function alternating(trump) {
  const black = ["S", "C"], red = ["H", "D"];
  const isRed = red.includes(trump);
  const same = (isRed ? red : black).filter((s) => s !== trump);
  const other = isRed ? black : red;
  return [other[0], ...same, other[1]];
}

/**
 * Searching the location picker's places (places.ts): pure, so the picker and the tests share it. The
 * places module is passed in, so a page loads it only when it has a location field.
 */

export interface PlacesData {
  COUNTRIES: Readonly<Record<string, string>>;
  CITIES: Readonly<Record<string, string>>;
  COUNTRY_ALIASES: Readonly<Record<string, string>>;
  CITY_ALIASES: Readonly<Record<string, string>>;
}

export interface Place {
  /** What the field receives: 'Frankfurt, Germany', or a country alone: 'Germany'. */
  label: string;
  kind: 'city' | 'country';
  country: string;
}

interface IndexedPlace extends Place {
  /** The label, folded (lower case, no accents, punctuation as spaces). */
  folded: string;
  /** The city's words (its names and aliases), folded; empty for a country. */
  cityWords: string[];
  /** The country's words (its name and aliases), folded. */
  countryWords: string[];
  /** A city's place in its country's list (0: the most sought); 0 for a country. */
  weight: number;
}

export type PlacesIndex = readonly IndexedPlace[];

/** Lower case, without accents, with punctuation as spaces: 'Düsseldorf' and 'dusseldorf' meet. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const words = (...texts: string[]) => texts.flatMap((t) => fold(t).split(' ')).filter(Boolean);
const split = (list: string | undefined) => (list ? list.split('|') : []);

/** Every country, then every city as 'City, Country', in the data's order (the most sought first). */
export function buildPlacesIndex(data: PlacesData): PlacesIndex {
  const places: IndexedPlace[] = [];
  for (const [code, country] of Object.entries(data.COUNTRIES)) {
    const countryWords = words(country, ...split(data.COUNTRY_ALIASES[code]));
    places.push({
      label: country,
      kind: 'country',
      country,
      folded: fold(country),
      cityWords: [],
      countryWords,
      weight: 0,
    });
  }
  for (const [code, list] of Object.entries(data.CITIES)) {
    const country = data.COUNTRIES[code];
    if (!country) continue;
    const countryWords = words(country, ...split(data.COUNTRY_ALIASES[code]));
    split(list).forEach((city, weight) => {
      const label = `${city}, ${country}`;
      const cityWords = words(city, ...split(data.CITY_ALIASES[`${code}:${city}`]));
      places.push({ label, kind: 'city', country, folded: fold(label), cityWords, countryWords, weight });
    });
  }
  return places;
}

/** How well a place answers the query's words, lower is better; null when it does not. */
function rank(place: IndexedPlace, tokens: string[], query: string): number | null {
  const all = [...place.cityWords, ...place.countryWords];
  const own = place.kind === 'city' ? place.cityWords : place.countryWords;
  // Every word typed is a whole name of the place itself ('uk' is the United Kingdom, not Ukraine).
  if (tokens.every((t) => own.includes(t))) return -1;
  if (tokens.every((t) => all.some((w) => w.startsWith(t)))) {
    if (place.folded.startsWith(query)) return 0;
    const first = tokens[0]!;
    if (place.kind === 'country') return 1;
    if (place.cityWords.some((w) => w.startsWith(first))) return 1;
    return 2;
  }
  return place.folded.includes(query) ? 3 : null;
}

/**
 * The places that match what was typed, best first: one it names exactly, a name that starts with it, then a city or country
 * one of whose words starts with it, then any that contain it; among equals a country before cities
 * and a country's major cities before its others. Every word typed must match ('york united' finds
 * New York, United States).
 */
export function searchPlaces(index: PlacesIndex, query: string, limit = 8): Place[] {
  const folded = fold(query);
  if (!folded) return [];
  const tokens = folded.split(' ');
  const found: Array<{ place: IndexedPlace; score: number; order: number }> = [];
  index.forEach((place, order) => {
    const score = rank(place, tokens, folded);
    if (score !== null) found.push({ place, score, order });
  });
  const kind = (p: IndexedPlace) => (p.kind === 'country' ? 0 : 1);
  found.sort(
    (a, b) =>
      a.score - b.score || kind(a.place) - kind(b.place) || a.place.weight - b.place.weight || a.order - b.order,
  );
  return found.slice(0, limit).map(({ place: { label, kind, country } }) => ({ label, kind, country }));
}

import { describe, expect, it } from 'vitest';
import * as places from '@shared/locations/places';
import { buildPlacesIndex, fold, searchPlaces } from '@shared/locations/search';

const index = buildPlacesIndex(places);
const labels = (query: string, limit?: number) => searchPlaces(index, query, limit).map((p) => p.label);

describe('the places', () => {
  it('hold every country and territory with an ISO code, each city under a known country', () => {
    expect(Object.keys(places.COUNTRIES)).toHaveLength(250);
    expect(places.COUNTRIES).toMatchObject({
      GB: 'United Kingdom',
      US: 'United States',
      CD: 'Democratic Republic of the Congo',
    });
    for (const code of Object.keys(places.CITIES)) expect(places.COUNTRIES[code], code).toBeTruthy();
    for (const key of Object.keys(places.CITY_ALIASES)) {
      const [code, city] = key.split(':');
      expect(places.CITIES[code!]?.split('|'), key).toContain(city);
    }
  });

  it('write no label twice', () => {
    const all = index.map((p) => p.label);
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('searchPlaces', () => {
  it('finds a city by the start of its name, with its country', () => {
    expect(labels('frankf')).toEqual(['Frankfurt, Germany']);
    expect(labels('Bost')[0]).toBe('Boston, United States');
    expect(labels('london')[0]).toBe('London, United Kingdom');
  });

  it('ignores case and accents both ways', () => {
    expect(labels('dusseldorf')).toEqual(['Düsseldorf, Germany']);
    expect(labels('ZÜRICH')).toEqual(['Zurich, Switzerland']);
    expect(labels('sao paulo')).toEqual(['São Paulo, Brazil']);
  });

  it('puts a country before its cities, and its major cities first', () => {
    expect(labels('germany', 4)).toEqual(['Germany', 'Berlin, Germany', 'Frankfurt, Germany', 'Munich, Germany']);
  });

  it('knows the other names people type', () => {
    expect(labels('uk', 2)).toEqual(['United Kingdom', 'Ukraine']);
    expect(labels('munchen')).toEqual(['Munich, Germany']);
    expect(labels('bangalore')).toEqual(['Bengaluru, India']);
    expect(labels('turkey', 1)).toEqual(['Türkiye']);
  });

  it('needs every word typed, in any order', () => {
    expect(labels('york united')).toEqual(['New York, United States']);
    expect(labels('hamilton canada')).toEqual(['Hamilton, Canada']);
    expect(labels('hamilton', 10)).toEqual(
      expect.arrayContaining(['Hamilton, Bermuda', 'Hamilton, Canada', 'Hamilton, New Zealand']),
    );
  });

  it('falls back to a name containing the text, after the better matches', () => {
    const found = labels('burg', 20);
    expect(found[0]).toBe('Burgas, Bulgaria');
    expect(found).toEqual(expect.arrayContaining(['Hamburg, Germany', 'Johannesburg, South Africa']));
  });

  it('answers nothing for blank or unknown text, and at most the limit', () => {
    expect(labels('   ')).toEqual([]);
    expect(labels('qqqzz')).toEqual([]);
    expect(labels('a', 5)).toHaveLength(5);
  });
});

describe('fold', () => {
  it('lowers, drops accents and turns punctuation into spaces', () => {
    expect(fold('  Saint-Pierre, Côte d’Ivoire ')).toBe('saint pierre cote d ivoire');
  });
});

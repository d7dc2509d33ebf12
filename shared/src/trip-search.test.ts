import { describe, expect, it } from 'vitest';
import { ignoredTripFilters, isTripDate, readTripSearch, writeTripSearch } from './trip-search.ts';

describe('trip search in the URL', () => {
  it('round-trips every filter', () => {
    const query =
      'continent=asia&type=group&tags=nature,lakes&destination=Gobi&from=2027-05-01&to=2027-06-01&guests=3&minPrice=100&maxPrice=2000&page=2';
    expect(writeTripSearch(readTripSearch(new URLSearchParams(query))).toString()).toBe(
      'continent=asia&type=group&tags=nature%2Clakes&destination=Gobi&from=2027-05-01&to=2027-06-01&guests=3&minPrice=100&maxPrice=2000&page=2',
    );
  });

  it('drops what the API would refuse instead of failing the page', () => {
    const search = readTripSearch(
      new URLSearchParams(
        'continent=mars&type=solo&tags=nature,bogus&from=2027-06-01&to=2027-05-01&guests=0&page=-3&minPrice=abc',
      ),
    );
    expect(search).toEqual({
      tags: ['nature'],
      from: '2027-06-01',
      page: 1,
      continent: undefined,
      type: undefined,
      destination: undefined,
      to: undefined,
      guests: undefined,
      minPrice: undefined,
      maxPrice: undefined,
    });
  });
});

describe('values a shared URL cannot use', () => {
  const read = (query: string) => readTripSearch(new URLSearchParams(query));
  const ignored = (query: string) => ignoredTripFilters(new URLSearchParams(query));

  it('drops prices beyond the API’s bounds and days that do not exist', () => {
    expect(read('minPrice=99999999999&maxPrice=2000000').minPrice).toBeUndefined();
    expect(read('maxPrice=1000000').maxPrice).toBe(1_000_000);
    expect(read('from=2027-02-30&to=2027-13-01')).toMatchObject({ from: undefined, to: undefined });
    expect(read('from=0001-01-01').from).toBeUndefined();
    expect(read('guests=5000').guests).toBeUndefined();
    expect(read('page=99999').page).toBe(1);
  });

  it('drops a maximum below the minimum', () => {
    expect(read('minPrice=2000&maxPrice=1000')).toMatchObject({ minPrice: 2000, maxPrice: undefined });
  });

  it('names what it dropped', () => {
    expect(ignored('')).toEqual([]);
    expect(ignored('continent=asia&minPrice=100&maxPrice=200&from=2027-05-01')).toEqual([]);
    expect(ignored('minPrice=99999999999&from=2027-02-30&type=solo')).toEqual(['type', 'from', 'minPrice']);
    expect(ignored('minPrice=2000&maxPrice=1000')).toEqual(['maxPrice']);
    expect(ignored('tags=nature,bogus')).toEqual(['tags']);
    expect(ignored('from=2027-06-01&to=2027-05-01')).toEqual(['to']);
  });

  it('knows a calendar day', () => {
    expect(isTripDate('2028-02-29')).toBe(true);
    expect(isTripDate('2027-02-29')).toBe(false);
    expect(isTripDate('2027-5-1')).toBe(false);
    expect(isTripDate(null)).toBe(false);
  });
});

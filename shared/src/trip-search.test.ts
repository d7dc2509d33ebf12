import { describe, expect, it } from 'vitest';
import { readTripSearch, writeTripSearch } from './trip-search.ts';

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

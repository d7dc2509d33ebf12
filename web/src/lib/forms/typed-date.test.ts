import { describe, expect, it } from 'vitest';
import { isRealDate } from '@aylal/shared/field-rules';
import { dayProblem, parseTypedDate } from './typed-date.ts';

describe('parseTypedDate', () => {
  it('reads a day written year first with any usual separator', () => {
    expect(parseTypedDate('2027-08-01')).toBe('2027-08-01');
    expect(parseTypedDate(' 2027.8.1 ')).toBe('2027-08-01');
    expect(parseTypedDate('2027/08/01')).toBe('2027-08-01');
    expect(parseTypedDate('20270801')).toBe('2027-08-01');
  });

  it('refuses what is not a day of the calendar', () => {
    expect(parseTypedDate('2027-02-30')).toBeNull();
    expect(parseTypedDate('2027-13-01')).toBeNull();
    expect(parseTypedDate('08/01/2027')).toBeNull();
    expect(parseTypedDate('2027-08')).toBeNull();
    expect(parseTypedDate('abc')).toBeNull();
  });

  it('knows the form the API keeps', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2027-8-1')).toBe(false);
    expect(isRealDate('2027-02-29')).toBe(false);
  });
});

describe('dayProblem', () => {
  it('names the limit a typed day passes, and says nothing of an empty field', () => {
    expect(dayProblem('', { min: '2027-08-01' })).toBeNull();
    expect(dayProblem('2027-07-31', { min: '2027-08-01' })).toEqual({ kind: 'tooEarly', limit: '2027-08-01' });
    expect(dayProblem('2027-08-01', { min: '2027-08-01', max: '2027-08-01' })).toBeNull();
    expect(dayProblem('2027-08-02', { max: '2027-08-01' })).toEqual({ kind: 'tooLate', limit: '2027-08-01' });
    expect(dayProblem('2027-8', {})).toEqual({ kind: 'format' });
  });
});

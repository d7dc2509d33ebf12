import { describe, expect, it } from 'vitest';
import { isPgError, isPgErrorClass, PG_ERROR, PG_ERROR_CLASS, pgErrorCode, retryOnDeadlock } from './pg-error.ts';

/** What Drizzle throws: its own error, with node-postgres' error as the cause. */
function wrapped(code: string, constraint?: string) {
  const driver = Object.assign(new Error('duplicate key value'), { code, constraint });
  return new Error('Failed query: insert into ...', { cause: driver });
}

describe('PostgreSQL error codes', () => {
  it('reads the SQLSTATE through the cause chain', () => {
    expect(pgErrorCode(wrapped('23505'))).toBe('23505');
    expect(pgErrorCode(new Error('outer', { cause: wrapped('23P01') }))).toBe('23P01');
    expect(isPgError(wrapped('23P01'), PG_ERROR.EXCLUSION_VIOLATION)).toBe(true);
    expect(isPgError(wrapped('23505'), PG_ERROR.EXCLUSION_VIOLATION)).toBe(false);
  });

  it('tells constraints apart when asked', () => {
    const error = wrapped('23P01', 'consultations_no_overlap');
    expect(isPgError(error, PG_ERROR.EXCLUSION_VIOLATION, 'consultations_no_overlap')).toBe(true);
    expect(isPgError(error, PG_ERROR.EXCLUSION_VIOLATION, 'another_constraint')).toBe(false);
  });

  it('reads classes, and takes no errno or plain error for a SQLSTATE', () => {
    expect(isPgErrorClass(wrapped('22P05'), PG_ERROR_CLASS.DATA_EXCEPTION)).toBe(true);
    expect(isPgErrorClass(wrapped('23505'), PG_ERROR_CLASS.DATA_EXCEPTION)).toBe(false);
    expect(pgErrorCode(Object.assign(new Error('socket'), { code: 'EPIPE' }))).toBeUndefined();
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode(undefined)).toBeUndefined();
  });
});

describe('a transaction PostgreSQL cancelled to break a deadlock', () => {
  it('runs again (two bookings of one slot under the exclusion constraint), up to five times', async () => {
    let calls = 0;
    const answer = await retryOnDeadlock(async () => {
      calls += 1;
      if (calls < 3) throw wrapped(PG_ERROR.DEADLOCK_DETECTED);
      return 'booked';
    });
    expect([answer, calls]).toEqual(['booked', 3]);

    let always = 0;
    const stuck = retryOnDeadlock(async () => {
      always += 1;
      throw wrapped(PG_ERROR.DEADLOCK_DETECTED);
    });
    await expect(stuck).rejects.toThrow('Failed query');
    expect(always).toBe(5);
  });

  it('runs nothing again for any other error', async () => {
    let calls = 0;
    const refused = retryOnDeadlock(async () => {
      calls += 1;
      throw wrapped(PG_ERROR.EXCLUSION_VIOLATION, 'consultations_no_overlap');
    });
    await expect(refused).rejects.toThrow('Failed query');
    expect(calls).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from '@aylal/shared/errors';
import enErrors from '@aylal/locales/en/error.json' with { type: 'json' };
import mnErrors from '@aylal/locales/mn/error.json' with { type: 'json' };
import { translateAuthError } from '../plugins/auth.ts';
import { AppError } from './app-error.ts';

const en: Record<string, string> = enErrors;
const mn: Record<string, string> = mnErrors;

describe('the table of error codes', () => {
  it.each(ERROR_CODES)('%s has an English and a Mongolian message', (code) => {
    expect(en[code]?.trim()).toBeTruthy();
    expect(mn[code]?.trim()).toBeTruthy();
    expect(mn[code]).toMatch(/[\u0400-\u04FF]/);
  });

  it('gives every code an HTTP error status, and AppError answers it', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
      expect(new AppError(code).statusCode).toBe(ERROR_STATUS[code]);
    }
  });

  it("translates Better Auth's codes into the table's codes and statuses", () => {
    expect(translateAuthError(401, 'INVALID_EMAIL_OR_PASSWORD')).toEqual({ status: 401, code: 'AUTH_WRONG_PASSWORD' });
    expect(translateAuthError(422, 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL')).toEqual({
      status: 422,
      code: 'AUTH_USER_EXISTS',
    });
    // The same code from another of Better Auth's routes answers the one status of the table.
    expect(translateAuthError(400, 'INVALID_PASSWORD')).toEqual({ status: 401, code: 'AUTH_WRONG_PASSWORD' });
    expect(translateAuthError(415, 'UNSUPPORTED_MEDIA_TYPE')).toEqual({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(translateAuthError(429, 'ANYTHING')).toEqual({ status: 429, code: 'RATE_LIMITED' });
    expect(translateAuthError(503, 'SERVICE_UNAVAILABLE')).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    // A code the bridge does not know keeps Better Auth's status.
    expect(translateAuthError(403, 'INVALID_ORIGIN')).toEqual({ status: 403, code: 'AUTH_FAILED' });
    expect(translateAuthError(401, undefined)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(translateAuthError(404, undefined)).toEqual({ status: 404, code: 'NOT_FOUND' });
    expect(translateAuthError(500, 'FAILED_TO_CREATE_USER')).toEqual({ status: 500, code: 'AUTH_FAILED' });
  });
});

import { describe, expect, it } from 'vitest';
import { readSecondFactorCode, totpSecretOf } from './second-factor-rules.ts';

describe('readSecondFactorCode', () => {
  it('reads six digits as the app code, spaces and hyphens aside', () => {
    expect(readSecondFactorCode('123456')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactorCode(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(readSecondFactorCode('123-456')).toEqual({ kind: 'totp', code: '123456' });
  });

  it('reads ten letters and digits as a backup code, with the hyphen in the middle and its case kept', () => {
    expect(readSecondFactorCode('Ab3dE-f9GhK')).toEqual({ kind: 'backup', code: 'Ab3dE-f9GhK' });
    expect(readSecondFactorCode('Ab3dEf9GhK')).toEqual({ kind: 'backup', code: 'Ab3dE-f9GhK' });
    expect(readSecondFactorCode(' ab3de f9ghk ')).toEqual({ kind: 'backup', code: 'ab3de-f9ghk' });
  });

  it('refuses anything else', () => {
    for (const input of [
      '',
      '12345',
      '1234567',
      'abcdef',
      'Ab3dE-f9Gh',
      'Ab3dE-f9GhKx',
      'Ab3dE_f9GhK',
      '１２３４５６',
    ]) {
      expect(readSecondFactorCode(input), input).toBeNull();
    }
  });
});

describe('totpSecretOf', () => {
  it('shows the key of an otpauth address in groups of four', () => {
    expect(totpSecretOf('otpauth://totp/Aylal:a%40b.mn?secret=JBSWY3DPEHPK3PXP&issuer=Aylal')).toBe(
      'JBSW Y3DP EHPK 3PXP',
    );
    expect(totpSecretOf('otpauth://totp/Aylal:a?issuer=Aylal')).toBe('');
  });
});

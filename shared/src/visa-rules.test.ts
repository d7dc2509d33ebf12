import { describe, expect, it } from 'vitest';
import {
  addMonths,
  blankVisaForm,
  dependantNameKey,
  documentChecklist,
  formatVisaReference,
  maskPassport,
  missingDocuments,
  passportExpiresSoon,
  requiredDocuments,
  staffActionsFor,
  visaProblems,
} from './visa-rules.ts';

const complete = blankVisaForm({
  firstName: 'Bat',
  lastName: 'Dorj',
  email: 'bat@example.com',
  phone: '+976 9911 2233',
  dateOfBirth: '1990-05-01',
  passportNumber: 'E1234567',
  passportExpiryDate: '2030-01-01',
  country: 'KR',
});

describe('visa rules', () => {
  it('asks for every required field with its own message, in the form order', () => {
    const problems = visaProblems(blankVisaForm(), [], '2026-11-23');
    expect(problems.map((problem) => problem.message)).toEqual([
      'firstName',
      'lastName',
      'email',
      'phone',
      'dateOfBirth',
      'passportNumber',
      'passportExpiryDate',
      'country',
    ]);
    expect(visaProblems(complete, [], '2026-11-23')).toEqual([]);
  });

  it('refuses implausible values', () => {
    const problems = visaProblems(
      {
        ...complete,
        email: 'bat@',
        phone: '12',
        dateOfBirth: '2027-01-01',
        passportExpiryDate: '2026-11-23',
        criminalRecord: 'yes',
      },
      [],
      '2026-11-23',
    );
    expect(problems).toEqual([
      { path: 'email', message: 'emailInvalid' },
      { path: 'phone', message: 'phoneInvalid' },
      { path: 'dateOfBirth', message: 'birthInFuture' },
      { path: 'passportExpiryDate', message: 'passportExpired' },
      { path: 'criminalRecordDetails', message: 'criminalDetails' },
    ]);
  });

  it("checks each dependant's required fields and dates", () => {
    const dependant = {
      id: 'd1',
      firstName: 'Saraa',
      lastName: 'Bat',
      relationship: 'child',
      dateOfBirth: '2030-01-01',
      nationality: 'MN',
      passportNumber: '',
      passportExpiryDate: '2031-01-01',
      latinFirstName: '',
      latinLastName: '',
    };
    expect(visaProblems(complete, [dependant], '2026-11-23')).toEqual([
      { path: 'dependants.d1.passportNumber', message: 'passportNumber' },
      { path: 'dependants.d1.dateOfBirth', message: 'birthInFuture' },
    ]);
  });

  it('keys dependant names ignoring case, spaces and script', () => {
    expect(dependantNameKey('  Болормаа ', 'БАТ')).toBe(dependantNameKey('болормаа', ' бат'));
    expect(dependantNameKey('Anna  Maria', 'Lee')).toBe(dependantNameKey('anna maria', 'LEE'));
    expect(dependantNameKey('Anna', 'Lee')).not.toBe(dependantNameKey('Ann', 'aLee'));
    // PostgreSQL's text cannot hold a NUL; a control character in a name cannot fake the separator.
    expect(dependantNameKey('Anna', 'Lee')).not.toContain('\u0000');
    expect(dependantNameKey('a\u001fb', 'c')).not.toBe(dependantNameKey('a', 'b\u001fc'));
  });

  it('warns of a passport expiring within six months', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(passportExpiresSoon('2027-05-23', '2026-11-23')).toBe(true);
    expect(passportExpiresSoon('2027-05-24', '2026-11-23')).toBe(false);
    expect(passportExpiresSoon('2026-11-23', '2026-11-23')).toBe(false);
  });

  it('masks, references, checklists and staff actions', () => {
    expect(maskPassport('E 1234 567')).toBe('•••• 4567');
    expect(formatVisaReference(2026, 42)).toBe('V-2026-00042');
    expect(requiredDocuments('study', 'applicant')).toEqual(['passport', 'photo', 'bank-statement', 'invitation']);
    expect(requiredDocuments('transit', 'applicant')).toEqual(['passport', 'photo']);
    expect(requiredDocuments('study', 'dependant')).toEqual(['passport', 'photo']);
    expect(staffActionsFor('in-review')).toEqual(['request-action', 'lodge']);
    expect(staffActionsFor('draft')).toEqual([]);
  });

  it("counts what everyone's checklist still misses, files of other kinds not counting", () => {
    const documents = [
      { kind: 'passport', dependantId: null },
      { kind: 'other', dependantId: null },
      { kind: 'photo', dependantId: 'child' },
    ];
    // The applicant misses a photo and a bank statement; the child a passport scan.
    expect(missingDocuments('tourism', ['child'], documents)).toBe(3);
    expect(missingDocuments('transit', [], documents)).toBe(1);
    expect(missingDocuments('', [], [])).toBe(2);
  });

  it('lists the checklist and what it misses, the applicant first, then each dependant in order', () => {
    const documents = [{ kind: 'passport', dependantId: null }];
    expect(documentChecklist('transit', ['a', 'b'], documents)).toEqual({
      required: [
        { dependantId: null, kind: 'passport' },
        { dependantId: null, kind: 'photo' },
        { dependantId: 'a', kind: 'passport' },
        { dependantId: 'a', kind: 'photo' },
        { dependantId: 'b', kind: 'passport' },
        { dependantId: 'b', kind: 'photo' },
      ],
      missing: [
        { dependantId: null, kind: 'photo' },
        { dependantId: 'a', kind: 'passport' },
        { dependantId: 'a', kind: 'photo' },
        { dependantId: 'b', kind: 'passport' },
        { dependantId: 'b', kind: 'photo' },
      ],
    });
  });
});

describe('country names', () => {
  it('names every country in both languages, Mongolian in Cyrillic', async () => {
    const { COUNTRY_CODES, countryName } = await import('./countries.ts');
    for (const code of COUNTRY_CODES) {
      expect(countryName(code, 'en')).toMatch(/^[A-Za-zÀ-ÿ&.,'’()\- ]+$/);
      expect(countryName(code, 'mn')).toMatch(/[А-Яа-яЁёӨөҮү]/);
    }
    expect(countryName('KR', 'mn')).toBe('Өмнөд Солонгос');
    expect(countryName('constructor', 'en')).toBe('constructor');
  });
});

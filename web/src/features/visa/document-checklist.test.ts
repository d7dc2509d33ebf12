import { describe, expect, it } from 'vitest';
import type { VisaApplication } from '@aylal/shared/schemas/visa';
import { blankVisaForm, VISA_DOCUMENT_MAX_BYTES } from '@aylal/shared/visa-rules';
import { checklistPeople, checklistProgress, fileRefusal, rowKey, storageDetails } from './document-checklist.ts';

const file = (kind: string, dependantId: string | null = null, id = `${dependantId ?? 'a'}-${kind}`) => ({
  id,
  kind,
  dependantId,
  fileName: `${kind}.pdf`,
  size: 1000,
});

/** An application for a tourist trip by Bat Dorj, with a child, holding what `documents` says. */
function application(documents: ReturnType<typeof file>[], firstName = 'Bat'): VisaApplication {
  return {
    id: 'v1',
    form: { ...blankVisaForm({ purpose: 'tourism' }), firstName, lastName: firstName ? 'Dorj' : '' },
    dependantList: [{ id: 'd1', firstName: 'Saran', lastName: 'Dorj', relationship: 'child' }],
    documents,
  } as unknown as VisaApplication;
}

describe('the documents checklist', () => {
  it('lists the applicant first, then each dependant, with what the trip needs and any other document', () => {
    const people = checklistPeople(application([]));
    expect(people.map((person) => [person.dependantId, person.name, person.relationship])).toEqual([
      [null, 'Bat Dorj', null],
      ['d1', 'Saran Dorj', 'child'],
    ]);
    expect(people[0]!.rows.map((row) => [row.kind, row.required])).toEqual([
      ['passport', true],
      ['photo', true],
      ['bank-statement', true],
      ['other', false],
    ]);
    expect(people[1]!.rows.map((row) => row.key)).toEqual(['d1:passport', 'd1:photo', 'd1:other']);
  });

  it('puts each file on its own person and kind, and shows a kind held though the trip does not need it', () => {
    const people = checklistPeople(application([file('passport', 'd1'), file('invitation')]));
    expect(people[0]!.rows.find((row) => row.kind === 'invitation')).toMatchObject({
      required: false,
      document: { id: 'a-invitation' },
    });
    expect(people[0]!.rows.find((row) => row.kind === 'passport')!.document).toBeUndefined();
    expect(people[1]!.rows.find((row) => row.kind === 'passport')!.document).toMatchObject({ id: 'd1-passport' });
  });

  it('leaves an applicant without a name nameless, for the screen to call "Applicant"', () => {
    expect(checklistPeople(application([], ''))[0]!.name).toBe('');
  });

  it('counts the needed documents present, whoever holds them, and not the optional ones', () => {
    expect(checklistProgress(application([]))).toEqual({ present: 0, required: 5 });
    const some = application([file('passport'), file('photo', 'd1'), file('other')]);
    expect(checklistProgress(some)).toEqual({ present: 2, required: 5 });
  });

  it('keys a row by person and kind', () => {
    expect(rowKey(null, 'photo')).toBe('applicant:photo');
    expect(rowKey('d1', 'photo')).toBe('d1:photo');
  });
});

describe('a file refused before it is sent', () => {
  it('takes PDF, JPEG and PNG, by type or, when the browser gives none, by name', () => {
    expect(fileRefusal({ name: 'scan.pdf', type: 'application/pdf', size: 10 })).toBeNull();
    expect(fileRefusal({ name: 'photo.JPG', type: '', size: 10 })).toBeNull();
    expect(fileRefusal({ name: 'notes.docx', type: 'application/msword', size: 10 })).toBe('type');
    expect(fileRefusal({ name: 'notes.pdf', type: 'text/plain', size: 10 })).toBe('type');
  });

  it('refuses a file over the size limit and an empty one', () => {
    expect(fileRefusal({ name: 'a.png', type: 'image/png', size: VISA_DOCUMENT_MAX_BYTES })).toBeNull();
    expect(fileRefusal({ name: 'a.png', type: 'image/png', size: VISA_DOCUMENT_MAX_BYTES + 1 })).toBe('size');
    expect(fileRefusal({ name: 'a.png', type: 'image/png', size: 0 })).toBe('empty');
  });
});

describe('a full storage refusal', () => {
  it("reads the account's room from the details, and nothing from details of another shape", () => {
    expect(storageDetails({ limitBytes: 100, usedBytes: 90, fileBytes: 20 })).toEqual({
      limitBytes: 100,
      usedBytes: 90,
      fileBytes: 20,
    });
    expect(storageDetails({ limitBytes: '100', usedBytes: 90, fileBytes: 20 })).toBeNull();
    expect(storageDetails(null)).toBeNull();
  });
});

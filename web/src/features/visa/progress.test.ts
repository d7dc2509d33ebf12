import { describe, expect, it } from 'vitest';
import { blankVisaForm, visaProblems } from '@aylal/shared/visa-rules';
import { sectionProgress, sectionsDone } from './progress.ts';

describe('section progress', () => {
  const form = blankVisaForm({ purpose: 'transit' });
  const file = (kind: string) => ({ kind, dependantId: null }) as never;

  it('says documents are missing until every checklist is uploaded, and an upload never undoes it', () => {
    const none = sectionProgress(form, { dependantList: [], documents: [] }, []);
    const one = sectionProgress(form, { dependantList: [], documents: [file('passport')] }, []);
    const both = sectionProgress(form, { dependantList: [], documents: [file('passport'), file('photo')] }, []);
    expect([none.documents, one.documents, both.documents]).toEqual(['missing', 'missing', 'complete']);
  });

  it('marks a section with a problem incomplete and one that asks for answers complete otherwise', () => {
    const progress = sectionProgress(form, { dependantList: [], documents: [] }, [
      { path: 'firstName', message: 'firstName' },
    ]);
    expect(progress.personal).toBe('incomplete');
    expect(progress.passport).toBe('complete');
    expect(progress.dependants).toBe('optional');
  });

  it('counts a new empty application as nothing ready of the sections that ask for something', () => {
    const blank = blankVisaForm();
    const progress = sectionProgress(
      blank,
      { dependantList: [], documents: [] },
      visaProblems(blank, [], '2026-11-27'),
    );
    // Personal details, passport, trip (required fields) and documents (the checklist).
    expect(sectionsDone(progress)).toEqual({ done: 0, total: 4 });
  });
});

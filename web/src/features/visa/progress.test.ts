import { describe, expect, it } from 'vitest';
import { blankVisaForm } from '@aylal/shared/visa-rules';
import { sectionProgress } from './progress.ts';

describe('section progress', () => {
  const form = blankVisaForm({ purpose: 'transit' });
  const file = (kind: string) => ({ kind, dependantId: null }) as never;

  it('never lets an upload turn the documents section from ready to not', () => {
    const none = sectionProgress(form, { dependantList: [], documents: [] }, []);
    const one = sectionProgress(form, { dependantList: [], documents: [file('passport')] }, []);
    const both = sectionProgress(form, { dependantList: [], documents: [file('passport'), file('photo')] }, []);
    expect([none.documents, one.documents, both.documents]).toEqual(['optional', 'optional', 'complete']);
  });

  it('marks a section with a problem incomplete and one that asks for answers complete otherwise', () => {
    const progress = sectionProgress(form, { dependantList: [], documents: [] }, [
      { path: 'firstName', message: 'firstName' },
    ]);
    expect(progress.personal).toBe('incomplete');
    expect(progress.passport).toBe('complete');
    expect(progress.dependants).toBe('optional');
  });
});

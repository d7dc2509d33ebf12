import { describe, expect, it } from 'vitest';
import {
  apiFilter,
  changeListState,
  dateField,
  intField,
  oneOfField,
  pageCount,
  pageRequest,
  readListState,
  textField,
  writeListState,
} from './list-state.ts';

const STATUSES = ['draft', 'published'] as const;
const SORTS = ['newest', 'title'] as const;
const fields = {
  q: textField(),
  status: oneOfField(STATUSES, ''),
  sort: oneOfField(SORTS, 'newest'),
  from: dateField(),
  size: intField(20, 1, 100),
};
const read = (query: string) => readListState(new URLSearchParams(query), fields);

describe('readListState', () => {
  it('gives the defaults for an empty URL', () => {
    expect(read('')).toEqual({ q: '', status: '', sort: 'newest', from: '', size: 20, page: 1 });
  });

  it('reads every field', () => {
    expect(read('q=+tent+&status=draft&sort=title&from=2026-02-28&size=50&page=3')).toEqual({
      q: 'tent',
      status: 'draft',
      sort: 'title',
      from: '2026-02-28',
      size: 50,
      page: 3,
    });
  });

  it('ignores values it cannot read, falling back to the default', () => {
    expect(read('status=deleted&sort=&from=2026-02-30&size=101&page=-2')).toEqual(read(''));
    expect(read('page=1.5').page).toBe(1);
    expect(read('page=abc').page).toBe(1);
    expect(read('page=99999999999').page).toBe(1);
    expect(read('from=tomorrow').from).toBe('');
  });

  it('cuts a long search', () => {
    expect(read(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });
});

describe('writeListState', () => {
  const write = (query: string, state: ReturnType<typeof read>) =>
    writeListState(new URLSearchParams(query), fields, state).toString();

  it('leaves the defaults out of the URL', () => {
    expect(write('', read(''))).toBe('');
    expect(write('', { ...read(''), status: 'draft', page: 2 })).toBe('status=draft&page=2');
    expect(write('sort=title&page=4', { ...read(''), sort: 'newest', page: 1 })).toBe('');
  });

  it('keeps the parameters that are not the list’s', () => {
    expect(write('jobId=abc&lang=mn', { ...read(''), q: 'x' })).toBe('jobId=abc&lang=mn&q=x');
  });

  it('reads back what it wrote', () => {
    const state = { q: 'a b&c', status: 'published', sort: 'title', from: '2026-01-31', size: 5, page: 7 } as const;
    expect(readListState(writeListState(new URLSearchParams(), fields, state), fields)).toEqual(state);
  });

  it('drops a value it could not read when writing again', () => {
    expect(write('status=deleted&q=x', read('status=deleted&q=x'))).toBe('q=x');
  });
});

describe('changeListState', () => {
  const state = { ...read(''), status: 'draft' as const, page: 4 };

  it('goes back to page 1 when a filter, the search or the sort changes', () => {
    expect(changeListState(state, { status: 'published' }).page).toBe(1);
    expect(changeListState(state, { q: 'tent' }).page).toBe(1);
    expect(changeListState(state, { sort: 'title' }).page).toBe(1);
    expect(changeListState(state, { status: 'published', page: 3 }).page).toBe(1);
  });

  it('keeps the page when nothing else changes', () => {
    expect(changeListState(state, { status: 'draft' }).page).toBe(4);
    expect(changeListState(state, { page: 2 })).toEqual({ ...state, page: 2 });
  });
});

describe('pageCount', () => {
  it('is at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});

describe('apiFilter', () => {
  it('leaves out filters that are off, and the end of days that run backwards', () => {
    expect(apiFilter({ q: '', state: 'submitted', from: '2026-05-10', to: '2026-05-01' })).toEqual({
      q: undefined,
      state: 'submitted',
      from: '2026-05-10',
      to: undefined,
    });
    expect(apiFilter({ from: '2026-05-01', to: '2026-05-10' })).toEqual({ from: '2026-05-01', to: '2026-05-10' });
  });
});

describe('pageRequest', () => {
  it('asks for the chosen filters, the page and a page of twenty rows', () => {
    expect(pageRequest({ q: '', state: 'submitted', page: 3 })).toEqual({
      q: undefined,
      state: 'submitted',
      page: 3,
      pageSize: 20,
    });
  });
});

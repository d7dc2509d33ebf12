import { describe, expect, it } from 'vitest';
import { readRowSelection, type TickedRows } from './use-row-selection.ts';

/**
 * `useRowSelection` as a list renders it: its state kept as `useState` keeps it, and read again on
 * each render with the rows and the page then shown.
 */
function mount(ids: readonly string[], shown: unknown) {
  let state: TickedRows = { key: JSON.stringify(shown), ids: new Set() };
  const view = { ids, shown };
  const render = () =>
    readRowSelection(
      state,
      (next) => {
        state = next;
      },
      view.ids,
      JSON.stringify(view.shown),
    );
  return {
    render,
    show(nextIds: readonly string[], nextShown: unknown) {
      view.ids = nextIds;
      view.shown = nextShown;
      return render();
    },
  };
}

const PAGE_1 = { page: 1, state: '' };
const ROWS = ['a', 'b', 'c'];

describe('useRowSelection', () => {
  it('starts with nothing ticked, the header box neither ticked nor dashed', () => {
    const selection = mount(ROWS, PAGE_1).render();
    expect(selection.count).toBe(0);
    expect(selection.isAllTicked).toBe(false);
    expect(selection.isSomeTicked).toBe(false);
  });

  it('ticks and unticks one row; some ticked shows the dash', () => {
    const list = mount(ROWS, PAGE_1);
    list.render().toggle('b');
    let selection = list.render();
    expect([...selection.ids]).toEqual(['b']);
    expect(selection.isTicked('b')).toBe(true);
    expect(selection.isTicked('a')).toBe(false);
    expect(selection.isSomeTicked).toBe(true);
    expect(selection.isAllTicked).toBe(false);
    selection.toggle('b');
    selection = list.render();
    expect(selection.count).toBe(0);
    expect(selection.isSomeTicked).toBe(false);
  });

  it('select-all ticks every row of the page, and again unticks them all', () => {
    const list = mount(ROWS, PAGE_1);
    list.render().toggle('a');
    list.render().toggleAll();
    let selection = list.render();
    expect([...selection.ids].sort()).toEqual(ROWS);
    expect(selection.isAllTicked).toBe(true);
    expect(selection.isSomeTicked).toBe(false);
    selection.toggleAll();
    selection = list.render();
    expect(selection.count).toBe(0);
    expect(selection.isAllTicked).toBe(false);
  });

  it('ticking the last row by hand ticks the header box', () => {
    const list = mount(ROWS, PAGE_1);
    for (const id of ROWS) list.render().toggle(id);
    expect(list.render().isAllTicked).toBe(true);
    list.render().toggle('c');
    expect(list.render().isAllTicked).toBe(false);
    expect(list.render().isSomeTicked).toBe(true);
  });

  it('an empty page is never all ticked', () => {
    const list = mount([], PAGE_1);
    expect(list.render().isAllTicked).toBe(false);
    list.render().toggleAll();
    expect(list.render().count).toBe(0);
  });

  it('clear unticks everything', () => {
    const list = mount(ROWS, PAGE_1);
    list.render().toggleAll();
    list.render().clear();
    expect(list.render().count).toBe(0);
  });

  it('another page or filter starts with none ticked, and going back does not bring them back', () => {
    const list = mount(ROWS, PAGE_1);
    list.render().toggleAll();
    let selection = list.show(['d', 'e'], { page: 2, state: '' });
    expect(selection.count).toBe(0);
    expect(selection.isSomeTicked).toBe(false);
    selection = list.show(ROWS, PAGE_1);
    expect(selection.count).toBe(0);
    expect(selection.isAllTicked).toBe(false);
    list.render().toggle('a');
    selection = list.show(ROWS, { page: 1, state: 'new' });
    expect(selection.count).toBe(0);
    expect(selection.isSomeTicked).toBe(false);
  });

  it('the same page read again (a refetch) keeps what is ticked', () => {
    const list = mount(ROWS, PAGE_1);
    list.render().toggle('a');
    const selection = list.show([...ROWS], { ...PAGE_1 });
    expect([...selection.ids]).toEqual(['a']);
  });
});

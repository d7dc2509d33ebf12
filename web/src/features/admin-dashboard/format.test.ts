import { describe, expect, it } from 'vitest';
import { countAxis } from './format.ts';

describe("the dashboard charts' y axis", () => {
  it('has whole, evenly spaced ticks from 0 to at least the highest count, at most six of them', () => {
    expect(countAxis(0)).toEqual({ ticks: [0, 1], top: 1 });
    expect(countAxis(1)).toEqual({ ticks: [0, 1], top: 1 });
    expect(countAxis(3)).toEqual({ ticks: [0, 1, 2, 3], top: 3 });
    expect(countAxis(4)).toEqual({ ticks: [0, 1, 2, 3, 4], top: 4 });
    expect(countAxis(7)).toEqual({ ticks: [0, 2, 4, 6, 8], top: 8 });
    expect(countAxis(23)).toEqual({ ticks: [0, 5, 10, 15, 20, 25], top: 25 });
    expect(countAxis(4_321)).toEqual({ ticks: [0, 1000, 2000, 3000, 4000, 5000], top: 5000 });
    for (let max = 0; max <= 2_000; max += 7) {
      const { ticks, top } = countAxis(max);
      expect(ticks.every(Number.isInteger)).toBe(true);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(ticks.at(-1)).toBe(top);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(new Set(ticks.slice(1).map((tick, index) => tick - ticks[index]!)).size).toBe(1);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { PAGE_KEYS, pageOf } from '@aylal/shared/pages';

// The same files the router finds its screens in (app/router.tsx), not loaded here.
const SCREENS = import.meta.glob('./routes/*.tsx');

describe('the public pages', () => {
  it('each have their screen in app/routes', () => {
    const missing = PAGE_KEYS.filter((key) => !SCREENS[`./routes/${pageOf(key).screen}.tsx`]);
    expect(missing).toEqual([]);
  });
});

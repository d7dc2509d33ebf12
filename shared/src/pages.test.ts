import { describe, expect, it } from 'vitest';
import { INDEXED_PATHS, matchPage, pageMetaKey, pageModules, pageNamespaces } from './pages.ts';

describe('the page registry', () => {
  it('finds the page a path shows, with its parameters, whatever the trailing slash', () => {
    expect(matchPage('/')).toEqual({ key: 'home', params: {} });
    expect(matchPage('/trips/')).toEqual({ key: 'trips', params: {} });
    expect(matchPage('/trips/abc')).toEqual({ key: 'trip', params: { id: 'abc' } });
    expect(matchPage('/jobs/a-b')).toEqual({ key: 'job', params: { id: 'a-b' } });
    expect(matchPage('/reset-password')).toEqual({ key: 'resetPassword', params: {} });
    expect(matchPage('/trips/abc/more')).toBeNull();
    expect(matchPage('/nowhere')).toBeNull();
  });

  it('names the back office and nothing else beyond the public pages', () => {
    expect(pageMetaKey('/admin')).toBe('admin');
    expect(pageMetaKey('/admin/trips/1')).toBe('admin');
    expect(pageMetaKey('/administrator')).toBeNull();
    expect(pageMetaKey('/cv')).toBe('cv');
  });

  it('lists the fixed pages open to search engines, not those about one thing nor the private ones', () => {
    expect(INDEXED_PATHS).toEqual(['/', '/trips', '/jobs', '/visa', '/contact']);
  });

  it("gives a page's screen, provider and words as the router loads them", () => {
    expect(pageModules('trip')).toEqual(['src/app/routes/trip.tsx', 'src/components/query-provider.tsx']);
    expect(pageModules('home')).toEqual(['src/app/routes/home.tsx']);
    expect(pageNamespaces('home')).toEqual(['landing', 'landingNew']);
    expect(pageNamespaces('jobs')).toEqual(['jobs', 'error']);
  });
});

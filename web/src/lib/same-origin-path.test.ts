import { describe, expect, it } from 'vitest';
import { sameOriginPath } from './same-origin-path.ts';

const ORIGIN = 'https://aylal.example';
const path = (value: string | null | undefined) => sameOriginPath(value, ORIGIN);

describe('sameOriginPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(path('/jobs/42')).toBe('/jobs/42');
    expect(path('/jobs/42?tab=apply&x=1#cv')).toBe('/jobs/42?tab=apply&x=1#cv');
    expect(path(`${ORIGIN}/visa/7?return=review`)).toBe('/visa/7?return=review');
    expect(path('/%5Chost')).toBe('/%5Chost');
    expect(path('/%2F%2Fhost')).toBe('/%2F%2Fhost');
    expect(path('/jobs/../cv')).toBe('/cv');
    expect(path('jobs/42')).toBe('/jobs/42');
    // The scheme of this site with no host is a path here, as a browser resolves it.
    expect(path('https:evil.example')).toBe('/evil.example');
  });

  it.each([
    '/\\evil.example/phish',
    '//evil.example/phish',
    '\\\\evil.example/phish',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '/\r\n/evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    'javascript:alert(1)',
    'java\nscript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://evil.example',
    'https://evil.example/phish',
    'http://aylal.example/phish',
    'https://aylal.example.evil.example/',
    'https://aylal.example@evil.example/',
    '//aylal.example@evil.example',
    'http://[::1',
    '',
    '   ',
    null,
    undefined,
  ])('refuses %j', (value) => {
    expect(path(value)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { findRejectedWords } from './words.ts';

// Read through Vite, like parity.test.ts: every Mongolian catalogue, those added later included.
const modules = import.meta.glob<Json>('./mn/**/*.json', { eager: true, import: 'default' });

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Texts where a rejected word means something else, with why. */
const ALLOWED: Record<string, string> = {
  // A hotel or flight reservation the applicant uploads, not a consultation booked with us.
  'visaApplicationForm.json:documentKinds.invitation': 'захиалга',
};

function texts(value: Json, prefix: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([prefix, value]);
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      texts(child, prefix.endsWith(':') ? `${prefix}${key}` : `${prefix}.${key}`, out);
  return out;
}

describe('Mongolian words', () => {
  it('finds the rejected variants, whatever their case ending', () => {
    expect(findRejectedWords('И-мэйлээр хариулна, мессежийг уншина, зөвлөгөө захиаллаа.')).toEqual([
      '"И-мэйлээр" (use "имэйл")',
      '"мессежийг" (use "зурвас")',
      '"захиаллаа" (use "товлох")',
    ]);
    expect(
      findRejectedWords('Имэйлээр хариулна, зурвасыг уншина, {{email}} хаягаар, a@b.mn, зөвлөгөө товлолоо.'),
    ).toEqual([]);
  });

  it('writes one word each for e-mail, booking a consultation and a message in every Mongolian text', () => {
    const found = Object.entries(modules).flatMap(([file, catalogue]) =>
      texts(catalogue, `${file.slice('./mn/'.length)}:`).flatMap(([key, text]) =>
        findRejectedWords(text)
          .filter((hit) => !(key in ALLOWED && hit.startsWith(`"${ALLOWED[key]}`)))
          .map((hit) => `${key}: ${hit}`),
      ),
    );
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    expect(found).toEqual([]);
  });

  it('keeps the brand apart from the Trips menu (both were "Аялал"; docs/decisions/005)', () => {
    const mn = (file: string) => modules[`./mn/${file}`] as Record<string, Record<string, string>>;
    const brand = mn('common.json')['appName'] as unknown as string;
    expect(brand).toBe('Аялал');
    expect(mn('publicNav.json')['trips']).not.toBe(brand);
    expect(mn('admin.json')['nav']!['trips']).not.toBe(brand);
  });
});

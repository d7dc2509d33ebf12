import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VISA_PAYMENT_STATES, VISA_STATES, type VisaForm } from '@aylal/shared/schemas/visa';
import { expectSearchFinds, useSeededApp } from '../../../test/seeded.ts';
import { toVisaForm, toVisaCopiedColumns } from '../../modules/visa/index.ts';
import { seedSyntheticVisa } from './synthetic-visa.ts';

interface Row extends Record<string, unknown> {
  id: string;
  reference: string | null;
  state: string;
  form: VisaForm;
  country: string;
  name: string;
  email: string;
  passport_last4: string;
  search_text: string;
  search_key: string;
  payment: string | null;
}

/** The benchmark's visa applications, 400 of them (and 20 drafts) here. */
describe('synthetic visa applications', () => {
  const seeded = useSeededApp<Row>(
    (db) => seedSyntheticVisa(db, 400),
    sql`
      select a.id, a.reference, a.state, a.form, a.country, a.name, a.email, a.passport_last4, a.search_text,
             a.search_key, p.state as payment
      from visa_applications a left join visa_payments p on p.application_id = a.id`,
  );
  const { t, accounts } = seeded;

  it('writes every column the list reads as saving the answers would', async () => {
    const dependants = (
      await t.db.execute<{ application_id: string; first_name: string; last_name: string; passport_number: string }>(
        sql`select application_id, first_name, last_name, passport_number from visa_dependants order by position`,
      )
    ).rows;
    expect(seeded.rows).toHaveLength(420);
    expect(dependants.length).toBeGreaterThan(50);
    for (const row of seeded.rows) {
      const own = dependants
        .filter((dependant) => dependant.application_id === row.id)
        .map((dependant) => ({
          firstName: dependant.first_name,
          lastName: dependant.last_name,
          passportNumber: dependant.passport_number,
        }));
      expect({
        country: row.country,
        name: row.name,
        email: row.email,
        passportLast4: row.passport_last4,
        searchText: row.search_text,
        searchKey: row.search_key,
      }).toEqual(toVisaCopiedColumns(toVisaForm(row.form), own, row.reference));
    }
  });

  it('spreads them over every state and payment state, thirty countries and both scripts, with references in order', async () => {
    const sent = seeded.rows.filter((row) => row.state !== 'draft');
    expect(sent).toHaveLength(400);
    expect(new Set(sent.map((row) => row.state))).toEqual(new Set(VISA_STATES.filter((state) => state !== 'draft')));
    expect(new Set(sent.map((row) => row.payment).filter(Boolean))).toEqual(new Set(VISA_PAYMENT_STATES));
    expect(new Set(sent.map((row) => row.country)).size).toBeGreaterThanOrEqual(25);
    expect(sent.filter((row) => /[а-яөү]/i.test(row.name)).length).toBeGreaterThan(100);
    expect(sent.filter((row) => /^[a-z -]+$/i.test(row.name)).length).toBeGreaterThan(100);
    expect(new Set(sent.map((row) => row.reference)).size).toBe(400);
    expect(sent.every((row) => /^V-\d{4}-\d{5}$/.test(row.reference!))).toBe(true);
    expect(seeded.rows.filter((row) => row.state === 'draft').every((row) => row.reference === null)).toBe(true);
    // Applications submitted afterwards get references of their own.
    const next = await t.db.execute<{ n: string }>(sql`select nextval('visa_reference_seq') as n`);
    expect(Number(next.rows[0]!.n)).toBe(401);
  });

  it('are found by staff by a name in either script, a passport’s last digits and a reference, exactly', async () => {
    const sent = seeded.rows.filter((row) => row.state !== 'draft');
    const cyrillic = sent.find((row) => /[а-яөү]/i.test(row.name))!.name.split(' ')[1]!;
    const latin = sent.find((row) => /^[a-z -]+$/i.test(row.name))!.name.split(' ')[1]!;
    const sample = sent[123]!;
    for (const q of [cyrillic, latin, latin.toUpperCase(), sample.passport_last4, sample.reference!, 'өө', 'zz']) {
      await expectSearchFinds(t, accounts.admin, '/api/admin/visa-applications', q, sent);
    }
  });
});

// `seedSyntheticVisa(db, 100_000)`: a back office's worth of visa applications for load tests
// (docs/decisions/016), written set-based (INSERT … SELECT over generate_series: 100,000 with their
// users, dependants, payments and history in about 25 s here), and the same every time: every
// choice is a hash of the row's number (the timestamps follow the clock). The columns copied
// from the answers (country, name, email, passport's last four, search text and its key) are derived
// as `toVisaCopiedColumns` derives them at every save; synthetic-visa.test.ts compares the two.

import { countryName } from '@aylal/shared/countries';
import type { Db } from '../client.ts';
import { z } from 'zod';
import { inFreshSeedTransaction, quiet, readSeedData, type SeedLog, WeightsSchema } from './seed-data.ts';
import { FAMILY, GIVEN, MAIL_DOMAINS, setTrigramIndexesAside, slots } from './synthetic-people.ts';

/**
 * In synthetic-visa.json, in percent of applications: where Mongolian travellers ask for visas (30
 * countries), and what for.
 */
const { countries: COUNTRY_WEIGHTS, purposes: PURPOSE_WEIGHTS } = readSeedData(
  './synthetic-visa.json',
  z.object({ countries: WeightsSchema, purposes: WeightsSchema }),
);

/** Users per application: people come back for another visa now and then. */
const APPLICATIONS_PER_USER = 1.4;

/**
 * `count` non-draft applications submitted over the last two years (newest today), a twentieth as
 * many drafts besides, their users, dependants for a quarter of them, a payment for three in ten
 * (in every payment state) and a history for each. The reference sequence is moved past the last
 * reference given, so applications submitted afterwards get new ones.
 */
export async function seedSyntheticVisa(db: Db, count: number, log: SeedLog = quiet, now = new Date()) {
  const drafts = Math.floor(count / 20);
  const total = count + drafts;
  if (total === 0) return;
  const users = Math.max(1, Math.ceil(total / APPLICATIONS_PER_USER));
  await inFreshSeedTransaction(db, 'synthetic-visa-1', 'synthetic visa applications', async (client) => {
    // Users: one account per 1.4 applications, named in Latin letters (accounts are made in English).
    await client.query(
      `insert into users (id, name, email, email_verified, created_at, updated_at, language)
       select 'synthetic-visa-' || u, g.name || ' ' || f.name, 'visa-applicant-' || u || '@example.com', true,
              $2::timestamptz - interval '800 days', $2::timestamptz - interval '800 days',
              case when u % 3 = 0 then 'en' else 'mn' end
       from generate_series(1, $1::int) u
       join seed_names g on g.kind = 'given' and g.latin and g.i = 1 + abs(hashint8extended(u, 1)) % ${GIVEN.length}
       join seed_names f on f.kind = 'family' and f.latin and f.i = 1 + abs(hashint8extended(u, 2)) % ${FAMILY.length}`,
      [users, now],
    );

    // The applications' people and answers. Non-drafts 1..count are numbered in the order they were
    // submitted, evenly over 730 days, so their reference number is their row number; drafts come
    // after. Names in the script the applicant wrote in, the email in Latin letters, a passport number.
    await client.query(
      `create temporary table seed_visa on commit drop as
       select n, id, user_id, draft, picked.latin, given, family, country, purpose, processing, submitted_at,
              coalesce(submitted_at, $7::timestamptz - interval '1 day' * (abs(hashint8extended(n, 24)) % 90))
                - interval '1 minute' * (abs(hashint8extended(n, 25)) % 14400) as created_at,
              g.name as first_name, f.name as last_name, g.lower as first_lower, f.lower as last_lower,
              g.key as first_key, f.key as last_key,
              replace(gl.lower, '-', '') || '.' || replace(fl.lower, '-', '') || (abs(hashint8extended(n, 20)) % 1000)
                || '@' || ($6::text[])[1 + abs(hashint8extended(n, 21)) % ${MAIL_DOMAINS.length}] as email,
              chr(ascii('A') + (abs(hashint8extended(n, 22)) % 26)::int)
                || lpad((abs(hashint8extended(n, 23)) % 10000000)::text, 7, '0') as passport,
              null::text as state, null::text as reference
       from (
         select n, md5('synthetic-visa-application-' || n)::uuid as id,
                'synthetic-visa-' || (1 + abs(hashint8extended(n, 10)) % $3::int) as user_id,
                n > $1::int as draft,
                abs(hashint8extended(n, 11)) % 100 < 55 as latin,
                (1 + abs(hashint8extended(n, 12)) % ${GIVEN.length})::int as given,
                (1 + abs(hashint8extended(n, 13)) % ${FAMILY.length})::int as family,
                ($4::text[])[1 + abs(hashint8extended(n, 14)) % 100] as country,
                ($5::text[])[1 + abs(hashint8extended(n, 15)) % 100] as purpose,
                abs(hashint8extended(n, 16)) % 100 < 30 as processing,
                case when n <= $1::int then
                  $7::timestamptz - interval '730 days' * (1 - (n - 1)::float8 / $1::int)
                    - interval '1 second' * (abs(hashint8extended(n, 17)) % greatest(1, floor(63072000.0 / $1::int))::int)
                end as submitted_at
         from generate_series(1, $2::int) n
       ) picked
       join seed_names g on g.kind = 'given' and g.i = given and g.latin = picked.latin
       join seed_names f on f.kind = 'family' and f.i = family and f.latin = picked.latin
       join seed_names gl on gl.kind = 'given' and gl.i = given and gl.latin
       join seed_names fl on fl.kind = 'family' and fl.i = family and fl.latin`,
      [count, total, users, slots(COUNTRY_WEIGHTS), slots(PURPOSE_WEIGHTS), MAIL_DOMAINS, now],
    );
    // States by age: recent applications are still being worked on, old ones mostly decided.
    await client.query(
      `update seed_visa set
         state = case
           when draft then 'draft'
           when submitted_at > $1::timestamptz - interval '14 days' then
             case when h < 45 then 'submitted' when h < 80 then 'in-review' when h < 92 then 'action-required'
                  when h < 97 then 'lodged' else 'withdrawn' end
           when submitted_at > $1::timestamptz - interval '60 days' then
             case when h < 5 then 'submitted' when h < 25 then 'in-review' when h < 35 then 'action-required'
                  when h < 70 then 'lodged' when h < 90 then 'approved' when h < 94 then 'refused' else 'withdrawn' end
           else
             case when h < 1 then 'in-review' when h < 2 then 'action-required' when h < 3 then 'lodged'
                  when h < 81 then 'approved' when h < 91 then 'refused' else 'withdrawn' end
         end,
         reference = case when not draft then
           -- formatVisaReference: the year of submitting on the agency's calendar, at least five digits
           'V-' || extract(year from submitted_at at time zone 'Asia/Ulaanbaatar') || '-'
             || lpad(n::text, greatest(5, length(n::text)), '0')
         end
       from (select n as m, abs(hashint8extended(n, 30)) % 100 as h from seed_visa) pick
       where pick.m = n`,
      [now],
    );
    await client.query('create unique index on seed_visa (n)');
    await client.query('analyze seed_visa');

    // Dependants for a quarter: a spouse, then children, with the applicant's family name and a
    // given name of their own (7 apart: never the same twice in one family).
    await client.query(
      `create temporary table seed_dependants on commit drop as
       select s.n, s.id as application_id, p - 1 as position, g.name as first_name, s.last_name,
              g.lower as first_lower, s.last_lower, g.key as first_key, s.last_key, s.created_at,
              chr(ascii('A') + (abs(hashint8extended(s.n * 16 + p, 61)) % 26)::int)
                || lpad((abs(hashint8extended(s.n * 16 + p, 62)) % 10000000)::text, 7, '0') as passport,
              to_char(date '1965-01-01' + (abs(hashint8extended(s.n * 16 + p, 60)) % 20000)::int, 'YYYY-MM-DD') as born,
              to_char(s.created_at::date + 500 + (abs(hashint8extended(s.n * 16 + p, 63)) % 3000)::int, 'YYYY-MM-DD') as expires
       from seed_visa s
       cross join lateral generate_series(1, 1 + (abs(hashint8extended(s.n, 64)) % 3)::int) p
       join seed_names g on g.kind = 'given' and g.latin = s.latin and g.i = 1 + (s.given - 1 + p * 7) % ${GIVEN.length}
       where abs(hashint8extended(s.n, 65)) % 4 = 0`,
    );
    await client.query('analyze seed_dependants');

    const rebuildTrigramIndexes = await setTrigramIndexesAside(client, 'visa_applications');

    // toVisaCopiedColumns: the search text is both names, the email, the reference and the passport
    // number, then each dependant's names and passport number, lower-cased; its key the same in keys.
    await client.query(
      `insert into visa_applications (id, user_id, reference, state, form, version, prefilled, country, name,
         search_text, search_key, email, passport_last4, action_section, action_message, language,
         submitted_at, created_at, updated_at)
       select s.id, user_id, reference, state,
              jsonb_build_object(
                'firstName', first_name, 'lastName', last_name, 'email', email,
                'phone', '+976 ' || (8800 + abs(hashint8extended(n, 40)) % 1200) || ' ' || lpad((abs(hashint8extended(n, 41)) % 10000)::text, 4, '0'),
                'dateOfBirth', to_char(date '1960-01-01' + (abs(hashint8extended(n, 42)) % 16000)::int, 'YYYY-MM-DD'),
                'nationality', 'MN',
                'passportNumber', passport,
                'passportExpiryDate', to_char(coalesce(submitted_at, created_at)::date + 400 + (abs(hashint8extended(n, 43)) % 3000)::int, 'YYYY-MM-DD'),
                'country', country,
                'purpose', purpose,
                'purposeDetails', case when s.latin then 'Visiting ' || ($1::text[])[1 + abs(hashint8extended(n, 44)) % 30] || ' for ' || purpose
                                  else ($2::text[])[1 + abs(hashint8extended(n, 44)) % 30] || ' руу аялах' end,
                'previousVisaHistory', case when abs(hashint8extended(n, 45)) % 3 = 0 then 'Visited in ' || (2015 + abs(hashint8extended(n, 46)) % 9) else '' end,
                'criminalRecord', 'no',
                'criminalRecordDetails', '',
                'medicalConditions', '',
                'emergencyContactName', contact.name || ' ' || last_name,
                'emergencyContactPhone', '+976 9' || lpad((abs(hashint8extended(n, 48)) % 10000000)::text, 7, '0'),
                'additionalNotes', '',
                'processing', processing),
              case when state in ('draft', 'submitted') then 2 else 3 end,
              '{account:firstName,account:lastName,account:email}',
              country,
              first_name || ' ' || last_name,
              first_lower || ' ' || last_lower || ' ' || email || coalesce(' ' || lower(reference), '') || ' ' || lower(passport)
                || coalesce(' ' || d.words, ''),
              first_key || ' ' || last_key || ' ' || email || coalesce(' ' || lower(reference), '') || ' ' || lower(passport)
                || coalesce(' ' || d.keys, ''),
              email,
              right(passport, 4),
              case when state = 'action-required' then 'documents' end,
              case when state = 'action-required' then 'Please upload a clearer scan of the passport.' end,
              case when s.latin and abs(hashint8extended(n, 49)) % 2 = 0 then 'en' else 'mn' end,
              submitted_at,
              created_at,
              least($3::timestamptz, coalesce(submitted_at, created_at) + interval '1 hour' * (abs(hashint8extended(n, 50)) % 720)
                * case when state in ('draft', 'submitted') then 0.01 else 1 end)
       from seed_visa s
       join seed_names contact on contact.kind = 'given' and contact.latin = s.latin
         and contact.i = 1 + abs(hashint8extended(n, 47)) % ${GIVEN.length}
       left join (
         select application_id,
                string_agg(first_lower || ' ' || last_lower || ' ' || lower(passport), ' ' order by position) as words,
                string_agg(first_key || ' ' || last_key || ' ' || lower(passport), ' ' order by position) as keys
         from seed_dependants group by application_id
       ) d on d.application_id = s.id`,
      [
        COUNTRY_WEIGHTS.map(([code]) => countryName(code, 'en')),
        COUNTRY_WEIGHTS.map(([code]) => countryName(code, 'mn')),
        now,
      ],
    );
    await client.query(
      `insert into visa_dependants (id, application_id, position, first_name, last_name, name_key, relationship,
         date_of_birth, nationality, passport_number, passport_expiry_date, created_at, updated_at)
       select md5('synthetic-visa-dependant-' || n || '-' || position)::uuid, application_id, position,
              first_name, last_name, first_lower || chr(31) || last_lower,
              case when position = 0 then 'spouse' else 'child' end,
              born, 'MN', passport, expires, created_at, created_at
       from seed_dependants`,
    );
    await rebuildTrigramIndexes();
    log(`  ${total} visa applications`);

    // The paid processing chosen by three in ten: awaiting payment while recent, then mostly paid;
    // waived now and then, refunded more often when refused or withdrawn.
    await client.query(
      `insert into visa_payments (application_id, state, amount_usd, created_at, updated_at)
       select id,
              case
                when state in ('submitted', 'in-review', 'action-required') then
                  case when h < 70 then 'awaiting-payment' when h < 95 then 'paid' else 'waived' end
                when state in ('refused', 'withdrawn') then
                  case when h < 45 then 'refunded' when h < 85 then 'paid' when h < 93 then 'waived' else 'awaiting-payment' end
                else case when h < 3 then 'awaiting-payment' when h < 90 then 'paid' when h < 97 then 'waived' else 'refunded' end
              end,
              case when submitted_at < $1::timestamptz - interval '1 year' then 40 else 50 end,
              submitted_at, submitted_at + interval '1 day'
       from seed_visa
       cross join lateral (select abs(hashint8extended(n, 70)) % 100 as h) pick
       where processing and not draft`,
      [now],
    );

    // The history: created, submitted, and the step that led to the state it is in.
    await client.query(
      `insert into visa_events (id, application_id, actor_id, kind, state, section, message, created_at)
       select md5('synthetic-visa-event-' || n || '-created')::uuid, id, user_id, 'created', 'draft', null, '', created_at
       from seed_visa
       union all
       select md5('synthetic-visa-event-' || n || '-submitted')::uuid, id, user_id, 'submitted', 'submitted', null, '', submitted_at
       from seed_visa where not draft
       union all
       select md5('synthetic-visa-event-' || n || '-step')::uuid, id,
              case when state = 'withdrawn' then user_id end,
              case state when 'in-review' then 'start-review' when 'action-required' then 'request-action'
                         when 'lodged' then 'lodge' when 'approved' then 'approve' when 'refused' then 'refuse'
                         else 'withdrawn' end,
              state,
              case when state = 'action-required' then 'documents' end,
              case when state = 'action-required' then 'Please upload a clearer scan of the passport.' else '' end,
              submitted_at + interval '1 day'
       from seed_visa where state not in ('draft', 'submitted')`,
    );
    await client.query(
      `update users set has_visa = true
       where id in (select user_id from seed_visa where not draft)`,
    );
    await client.query(
      `select setval('visa_reference_seq', greatest($1::int, (select last_value from visa_reference_seq)))`,
      [Math.max(count, 1)],
    );
  });
  // What autovacuum would do soon after: statistics, and the visibility map index-only scans need.
  await db.$client.query('vacuum analyze users, visa_applications, visa_dependants, visa_payments, visa_events');
}

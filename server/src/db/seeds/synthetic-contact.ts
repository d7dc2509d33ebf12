// `seedSyntheticContact(db, 100_000)`: a staff inbox's worth of contact messages for load tests
// (docs/decisions/017), written set-based (INSERT … SELECT over generate_series) like
// synthetic-visa.ts, and the same every time: every choice is a hash of the row's number (the
// timestamps follow the clock). The search text and its key are derived as `contactSearchText`
// derives them when a message is sent and when one is merged; synthetic-contact.test.ts compares.

import { CONTACT_TYPES, type ContactType } from '@aylal/shared/schemas/contact';
import { z } from 'zod';
import { searchKey } from '../../lib/search-key.ts';
import type { Db } from '../client.ts';
import { inFreshSeedTransaction, quiet, readSeedData, type SeedLog, WeightsSchema } from './seed-data.ts';
import { FAMILY, GIVEN, MAIL_DOMAINS, setTrigramIndexesAside, slots } from './synthetic-people.ts';

/** The staff the messages are assigned to (admins), by id and name. */
export const SYNTHETIC_CONTACT_STAFF: { id: string; name: string }[] = [
  { id: 'synthetic-contact-admin-1', name: 'Oyunaa Batbold' },
  { id: 'synthetic-contact-admin-2', name: 'Saruul Ganzorig' },
  { id: 'synthetic-contact-admin-3', name: 'Tuya Enkhbold' },
  { id: 'synthetic-contact-admin-4', name: 'Bat-Ochir Dorj' },
  { id: 'synthetic-contact-admin-5', name: 'Nomin Tsogt' },
];

const PairSchema = z.tuple([z.string(), z.string()]);

/**
 * In synthetic-contact.json: what people write about, by type (the subject and the message in
 * English and in Mongolian), what bots send (stored as spam, never read by anyone but staff), and
 * the messages by type, in percent.
 */
const {
  topics: TOPICS,
  spam: SPAM,
  typeWeights: TYPE_WEIGHTS,
} = readSeedData(
  './synthetic-contact.json',
  z.object({
    topics: z.record(z.enum(CONTACT_TYPES), z.array(z.object({ en: PairSchema, mn: PairSchema }))),
    spam: z.array(PairSchema),
    typeWeights: WeightsSchema,
  }),
);

/** Over how many days the messages were received, the newest today. */
const DAYS = 548;

/**
 * `count` contact messages received over the last 18 months (about one an hour at 100,000), with
 * their history: 7% spam; the rest by age (recent ones new, open or waiting, older ones mostly
 * resolved), assigned among five admins, read once opened (new ones and most spam unread), replied
 * to, some with notes; 2% are duplicates merged into the same person's message just before. Names
 * and subjects in Latin or Cyrillic, a fifth sent signed in. The reference sequence is moved past
 * the last reference given.
 */
export async function seedSyntheticContact(db: Db, count: number, log: SeedLog = quiet, now = new Date()) {
  if (count <= 0) return;
  await inFreshSeedTransaction(db, 'synthetic-contact-admin-1', 'synthetic contact messages', async (client) => {
    const topics = (Object.entries(TOPICS) as [ContactType, (typeof TOPICS)[ContactType]][]).flatMap(([type, list]) =>
      list.flatMap((topic, index) =>
        (['en', 'mn'] as const).map((language) => ({
          type,
          i: index + 1,
          latin: language === 'en',
          title: topic[language][0],
          body: topic[language][1],
        })),
      ),
    );
    const spam = SPAM.map(([title, body], index) => ({ type: 'spam', i: index + 1, latin: true, title, body }));
    const all = [...topics, ...spam];
    await client.query(
      `create temporary table seed_topics (type text, i int, latin boolean, title text, lower text, key text,
         body text, primary key (type, i, latin)) on commit drop`,
    );
    await client.query(
      `insert into seed_topics
       select * from unnest($1::text[], $2::int[], $3::boolean[], $4::text[], $5::text[], $6::text[], $7::text[])`,
      [
        all.map((row) => row.type),
        all.map((row) => row.i),
        all.map((row) => row.latin),
        all.map((row) => row.title),
        all.map((row) => row.title.toLocaleLowerCase()),
        all.map((row) => searchKey(row.title.toLocaleLowerCase())),
        all.map((row) => row.body),
      ],
    );

    await client.query(
      `insert into users (id, name, email, email_verified, role, created_at, updated_at)
       select id, name, 'contact-staff-' || ordinality || '@example.com', true, 'admin',
              $3::timestamptz - interval '900 days', $3::timestamptz - interval '900 days'
       from unnest($1::text[], $2::text[]) with ordinality as staff(id, name)`,
      [SYNTHETIC_CONTACT_STAFF.map((row) => row.id), SYNTHETIC_CONTACT_STAFF.map((row) => row.name), now],
    );

    // The messages, numbered in the order they came, evenly over the days, so that the reference
    // number is the row number. A duplicate is the same person (`p`: the number their choices are
    // hashed from) asking the same again right after, merged into that first message.
    await client.query(
      `create temporary table seed_contact on commit drop as
       select n, md5('synthetic-contact-' || n)::uuid as id, p, is_spam, is_duplicate, picked.latin, picked.type, received_at,
              case when is_duplicate then md5('synthetic-contact-' || (n - 1))::uuid end as merged_into_id,
              'C-' || extract(year from received_at at time zone 'Asia/Ulaanbaatar') || '-'
                || lpad(n::text, greatest(5, length(n::text)), '0') as reference,
              g.name || ' ' || f.name as name,
              g.lower || ' ' || f.lower as name_lower,
              g.key || ' ' || f.key as name_key,
              replace(gl.lower, '-', '') || '.' || replace(fl.lower, '-', '') || (abs(hashint8extended(p, 20)) % 1000)
                || '@' || ($3::text[])[1 + abs(hashint8extended(p, 21)) % ${MAIL_DOMAINS.length}] as email,
              t.title, t.lower as title_lower, t.key as title_key, t.body,
              case when not picked.latin or abs(hashint8extended(p, 22)) % 100 < 40 then 'mn' else 'en' end as language,
              case when abs(hashint8extended(p, 23)) % 100 < 70
                then '+976 ' || (8800 + abs(hashint8extended(p, 24)) % 1200) || ' ' || lpad((abs(hashint8extended(p, 25)) % 10000)::text, 4, '0')
                else '' end as contact,
              case when not is_spam and abs(hashint8extended(p, 26)) % 100 < 20 then 'synthetic-contact-user-' || p end as user_id,
              least(interval '2 days', $4::timestamptz - received_at) as span,
              abs(hashint8extended(n, 30)) % 100 as h,
              null::text as state, null::text as assignee_id, null::text as opener_id, false as is_read
       from (
         select n, p, is_spam, is_duplicate,
                is_spam or abs(hashint8extended(p, 11)) % 100 < 50 as latin,
                case when is_spam then 'general' else ($2::text[])[1 + abs(hashint8extended(p, 14)) % 100] end as type,
                case when is_spam then 'spam' end as topic_type,
                case when is_spam then 1 + abs(hashint8extended(n, 16)) % ${SPAM.length}
                     else 1 + abs(hashint8extended(p, 15)) % 4 end as topic,
                $4::timestamptz - interval '${DAYS} days' * (1 - (n - 1)::float8 / $1::int)
                  - interval '1 second' * (abs(hashint8extended(n, 17)) % greatest(1, floor(${DAYS * 86400}.0 / $1::int))::int)
                  as received_at
         from (
           select n, is_spam, is_duplicate, case when is_duplicate then n - 1 else n end as p
           from (
             select n, abs(hashint8extended(n, 1)) % 100 < 7 as is_spam,
                    n > 1 and abs(hashint8extended(n, 2)) % 50 = 0 and abs(hashint8extended(n - 1, 2)) % 50 <> 0
                      and abs(hashint8extended(n, 1)) % 100 >= 7 and abs(hashint8extended(n - 1, 1)) % 100 >= 7
                      as is_duplicate
             from generate_series(1, $1::int) n
           ) a
         ) b
       ) picked
       join seed_topics t on t.type = coalesce(topic_type, picked.type) and t.i = topic and t.latin = picked.latin
       join seed_names g on g.kind = 'given' and g.latin = picked.latin and g.i = 1 + abs(hashint8extended(p, 12)) % ${GIVEN.length}
       join seed_names f on f.kind = 'family' and f.latin = picked.latin and f.i = 1 + abs(hashint8extended(p, 13)) % ${FAMILY.length}
       join seed_names gl on gl.kind = 'given' and gl.latin and gl.i = g.i
       join seed_names fl on fl.kind = 'family' and fl.latin and fl.i = f.i`,
      [count, slots(TYPE_WEIGHTS), MAIL_DOMAINS, now],
    );
    // States by age: recent messages are still being answered, older ones mostly resolved; a
    // duplicate was opened before it was merged. Most are assigned once opened; read once opened
    // (a few resolved in bulk unopened), spam mostly never looked at.
    await client.query(
      `update seed_contact set
         state = case
           when is_spam then 'spam'
           when is_duplicate then 'open'
           when received_at > $1::timestamptz - interval '3 days' then
             case when h < 55 then 'new' when h < 75 then 'open' else 'waiting' end
           when received_at > $1::timestamptz - interval '30 days' then
             case when h < 8 then 'new' when h < 30 then 'open' when h < 60 then 'waiting' else 'resolved' end
           else case when h < 1 then 'new' when h < 3 then 'open' when h < 8 then 'waiting' else 'resolved' end
         end,
         opener_id = 'synthetic-contact-admin-' || (1 + abs(hashint8extended(n, 31)) % ${SYNTHETIC_CONTACT_STAFF.length})`,
      [now],
    );
    await client.query(
      `update seed_contact set
         assignee_id = case
           when state = 'spam' or is_duplicate then null
           when abs(hashint8extended(n, 32)) % 100 < case when state = 'new' then 10 else 85 end
             then 'synthetic-contact-admin-' || (1 + abs(hashint8extended(n, 33)) % ${SYNTHETIC_CONTACT_STAFF.length})
         end,
         is_read = case
           when state = 'new' then false
           when state = 'spam' then abs(hashint8extended(n, 34)) % 100 < 20
           when state = 'resolved' then abs(hashint8extended(n, 34)) % 100 >= 3
           else true
         end`,
    );
    await client.query('create unique index on seed_contact (n)');
    await client.query('analyze seed_contact');

    // The history: the customer's words, then staff opening it (a new one becomes open), assigning,
    // a note now and then, a reply (waiting for the customer), resolving; a duplicate's rows moved
    // to the message it joined, with a merge row there. Each step a share of the first two days.
    await client.query(
      `create temporary table seed_contact_events on commit drop as
       select md5('synthetic-contact-event-' || n || '-received')::uuid as id, n, coalesce(merged_into_id, id) as message_id,
              user_id as actor_id, 'received' as kind, body, null::text as state, null::text as assignee_id,
              reference, received_at as created_at
       from seed_contact
       union all
       select md5('synthetic-contact-event-' || n || '-open')::uuid, n, coalesce(merged_into_id, id), opener_id, 'state', '',
              'open', null, null, received_at + span * 0.05
       from seed_contact where is_read and state <> 'spam'
       union all
       select md5('synthetic-contact-event-' || n || '-assign')::uuid, n, id, opener_id, 'assign', '', null, assignee_id,
              null, received_at + span * 0.06
       from seed_contact where assignee_id is not null
       union all
       select md5('synthetic-contact-event-' || n || '-note')::uuid, n, id, coalesce(assignee_id, opener_id), 'note',
              case when latin then 'Called back, waiting for the passport scan.' else 'Утсаар ярьсан, паспортын хуулбар хүлээж байна.' end,
              null, null, null, received_at + span * 0.1
       from seed_contact where is_read and state in ('open', 'waiting', 'resolved') and abs(hashint8extended(n, 40)) % 100 < 15
       union all
       select md5('synthetic-contact-event-' || n || '-reply')::uuid, n, id, coalesce(assignee_id, opener_id), 'reply',
              case when language = 'en' then 'Hello ' || name || ', thank you for your message. We will be glad to help.'
                   else 'Сайн байна уу, ' || name || '. Захидал илгээсэнд баярлалаа, бид туслахдаа баяртай байна.' end,
              null, null, null, received_at + span * 0.3
       from seed_contact where is_read and (state = 'waiting' or state = 'resolved' and abs(hashint8extended(n, 41)) % 100 < 85)
       union all
       select md5('synthetic-contact-event-' || n || '-waiting')::uuid, n, id, coalesce(assignee_id, opener_id), 'state', '',
              'waiting', null, null, received_at + span * 0.3 + interval '1 millisecond'
       from seed_contact where is_read and (state = 'waiting' or state = 'resolved' and abs(hashint8extended(n, 41)) % 100 < 85)
       union all
       select md5('synthetic-contact-event-' || n || '-resolved')::uuid, n, id, coalesce(assignee_id, opener_id), 'state', '',
              'resolved', null, null, received_at + span * 0.9
       from seed_contact where state = 'resolved'
       union all
       select md5('synthetic-contact-event-' || n || '-merge')::uuid, n, merged_into_id, opener_id, 'merge', '', null, null,
              reference, received_at + span * 0.5
       from seed_contact where is_duplicate`,
    );

    const rebuildTrigramIndexes = await setTrigramIndexesAside(client, 'contact_messages');

    // The accounts a fifth were sent from (signed in, with an address of the account's own).
    await client.query(
      `insert into users (id, name, email, email_verified, created_at, updated_at, language)
       select distinct on (p) user_id, name, 'contact-sender-' || p || '@example.com', true,
              received_at - interval '30 days', received_at - interval '30 days', language
       from seed_contact where user_id is not null order by p, n`,
    );
    // contactSearchText: name, email, reference and title, lower-cased; a message another was
    // merged into gains the duplicate's reference, name, email and title.
    await client.query(
      `insert into contact_messages (id, reference, type, state, title, name, email, contact, language, user_id,
         assignee_id, thread_id, merged_into_id, email_key, client_hash, search_text, search_key, staff_read_at,
         created_at, updated_at)
       select s.id, s.reference, s.type, s.state, s.title, s.name, s.email, s.contact, s.language, s.user_id,
              s.assignee_id, '<contact-' || s.id || '@aylal>', s.merged_into_id, s.email,
              translate(encode(sha256(('synthetic-contact-client-' || s.p)::bytea), 'base64'), '+/=', '-_'),
              s.name_lower || ' ' || s.email || ' ' || lower(s.reference) || ' ' || s.title_lower
                || coalesce(' ' || lower(d.reference) || ' ' || d.name_lower || ' ' || d.email || ' ' || d.title_lower, ''),
              s.name_key || ' ' || s.email || ' ' || lower(s.reference) || ' ' || s.title_key
                || coalesce(' ' || lower(d.reference) || ' ' || d.name_key || ' ' || d.email || ' ' || d.title_key, ''),
              case when s.is_read then s.received_at + s.span * 0.05 end,
              s.received_at,
              case when s.is_duplicate then s.received_at + s.span * 0.5 else coalesce(last.at, s.received_at) end
       from seed_contact s
       left join seed_contact d on d.n = s.n + 1 and d.is_duplicate
       left join (select message_id, max(created_at) as at from seed_contact_events where kind <> 'received' group by message_id) last
         on last.message_id = s.id`,
    );
    await client.query(
      `insert into contact_events (id, message_id, actor_id, kind, body, state, assignee_id, reference, email_message_id, created_at)
       select id, message_id, actor_id, kind, body, state, assignee_id, reference,
              case when kind = 'reply' then '<contact-reply-' || id || '@aylal>' end, created_at
       from seed_contact_events`,
    );
    await rebuildTrigramIndexes();
    await client.query(
      `select setval('contact_reference_seq', greatest($1::int, (select last_value from contact_reference_seq)))`,
      [count],
    );
    log(`  ${count} contact messages`);
  });
  // What autovacuum would do soon after: statistics, and the visibility map index-only scans need.
  await db.$client.query('vacuum analyze users, contact_messages, contact_events');
}

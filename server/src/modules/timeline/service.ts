// One account timeline (docs/decisions/018): the signed-in person's own consultations, job
// applications, visa applications and contact messages with their steps, newest first, a page at a time. Read from
// the records' own histories (consultation_events, visa_events) and, for a job application's state
// changes, from audit_log; contact messages from contact_events (the person's words and the
// replies written in the person's own messages, as GET /api/contact/mine shows them: never
// another person's words in a conversation staff merged theirs into). Staff notes never appear.

import { sql } from 'drizzle-orm';
import { CONTACT_PERSON_EVENT_KINDS } from '@aylal/shared/schemas/contact';
import type { TimelineItem, TimelineQuery, TimelineResponse } from '@aylal/shared/schemas/timeline';
import type { Db } from '../../db/client.ts';

interface Row extends Record<string, unknown> {
  kind: TimelineItem['kind'];
  id: string;
  at_us: string;
  at: Date;
  event: string;
  record_id: string;
  starts_at: Date | null;
  title_en: string | null;
  title_mn: string | null;
  company: string | null;
  state: string | null;
  reference: string | null;
  country: string | null;
}

function toItem(row: Row): TimelineItem {
  const base = { id: row.id, at: new Date(row.at).toISOString() };
  const title = { en: row.title_en ?? '', mn: row.title_mn ?? '' };
  switch (row.kind) {
    case 'consultation':
      return {
        ...base,
        kind: 'consultation',
        event: row.event as Extract<TimelineItem, { kind: 'consultation' }>['event'],
        consultationId: row.record_id,
        startsAt: new Date(row.starts_at!).toISOString(),
        trip: title,
        visaReference: row.reference,
      };
    case 'application':
      return {
        ...base,
        kind: 'application',
        event: row.event === 'applied' ? 'applied' : 'state',
        state: row.state as Extract<TimelineItem, { kind: 'application' }>['state'],
        applicationId: row.record_id,
        job: title,
        company: row.company ?? '',
      };
    case 'visa':
      return {
        ...base,
        kind: 'visa',
        event: row.event as Extract<TimelineItem, { kind: 'visa' }>['event'],
        applicationId: row.record_id,
        reference: row.reference,
        country: row.country ?? '',
      };
    case 'message':
      return {
        ...base,
        kind: 'message',
        event: row.event === 'reply' ? 'reply' : 'sent',
        messageId: row.record_id,
        reference: row.reference ?? '',
        title: row.title_en ?? '',
      };
  }
}

/** The person's own story, newest first; `next` is the cursor of the older page (`<microseconds>_<id>`). */
export async function getTimeline(db: Db, actorId: string, query: TimelineQuery): Promise<TimelineResponse> {
  const [cursorAt, cursorId] = query.cursor ? query.cursor.split('_') : [];
  const after = cursorAt ? sql`where (t.at_us, t.id) < (${cursorAt}::bigint, ${cursorId})` : sql``;
  const result = await db.execute<Row>(sql`
    select t.* from (
      select 'consultation' as kind, e.id::text as id, e.created_at as at, e.kind as event, c.id::text as record_id,
             c.starts_at, c.trip_title_en as title_en, c.trip_title_mn as title_mn, null as company, null as state,
             v.reference, null as country,
             (extract(epoch from e.created_at) * 1000000)::bigint as at_us
      from consultation_events e
      join consultations c on c.id = e.consultation_id
      left join visa_applications v on v.id = c.visa_application_id
      where c.user_id = ${actorId} and e.kind <> 'note'
      union all
      select 'application', a.id::text, a.created_at, 'applied', a.id::text,
             null, a.job_title_en, a.job_title_mn, a.company, 'submitted', null, null,
             (extract(epoch from a.created_at) * 1000000)::bigint
      from job_applications a
      where a.user_id = ${actorId}
      union all
      select 'application', l.id::text, l.created_at, 'state', a.id::text,
             null, a.job_title_en, a.job_title_mn, a.company, l.changes -> 'state' ->> 'to', null, null,
             (extract(epoch from l.created_at) * 1000000)::bigint
      from job_applications a
      join audit_log l on l.entity_type = 'application' and l.entity_id = a.id::text and l.action = 'state'
      where a.user_id = ${actorId}
      union all
      select 'visa', e.id::text, e.created_at, e.kind, v.id::text,
             null, null, null, null, e.state, v.reference, v.country,
             (extract(epoch from e.created_at) * 1000000)::bigint
      from visa_events e
      join visa_applications v on v.id = e.application_id
      where v.user_id = ${actorId} and e.kind not in ('note', 'hold', 'release')
      union all
      -- An entry of the person's own message o (written in it: its reference, or none and in o),
      -- shown as the conversation m it is in when m is theirs too, else as o (as /contact/mine).
      select 'message', e.id::text, e.created_at, e.kind,
             (case when m.user_id = ${actorId} then m.id else o.id end)::text,
             null, case when m.user_id = ${actorId} then m.title else o.title end, null, null, null,
             case when m.user_id = ${actorId} then m.reference else o.reference end, null,
             (extract(epoch from e.created_at) * 1000000)::bigint
      from contact_messages o
      join contact_events e on e.message_id = coalesce(o.merged_into_id, o.id)
        and (e.reference = o.reference or (e.reference is null and e.message_id = o.id))
      join contact_messages m on m.id = e.message_id
      where o.user_id = ${actorId} and e.kind in (${sql.join(
        CONTACT_PERSON_EVENT_KINDS.map((kind) => sql`${kind}`),
        sql`, `,
      )})
    ) t
    ${after}
    order by t.at_us desc, t.id desc
    limit ${query.limit + 1}`);
  const rows = result.rows.slice(0, query.limit);
  const last = rows.at(-1);
  return {
    items: rows.map(toItem),
    next: result.rows.length > query.limit && last ? `${last.at_us}_${last.id}` : null,
  };
}

import pg from 'pg';
import type { SlotsResponse } from '@aylal/shared/schemas/consultations';
import type { TripDetail } from '@aylal/shared/schemas/trips';
import type { ChannelMessage } from '@aylal/shared/notifications';
import { NOTIFICATION_CHANNEL } from '@aylal/shared/notifications';
import { AGENCY_ADMIN, type TestApp } from './helpers.ts';
import { tripInput } from './trips.ts';

const HOUR = 3_600_000;

/** Who the consultation tests act as: staff, the traveller who books, and someone else. */
export const BOOKING_ACCOUNTS = {
  admin: AGENCY_ADMIN,
  traveller: { email: 'traveller@example.com', name: 'Bat Erdene' },
  other: { email: 'other@example.com', name: 'Other Person' },
};

/** Every day, round the clock, no lead time: tests pick slots at any distance from now. */
export const ALWAYS_OPEN = {
  weekdays: [1, 2, 3, 4, 5, 6, 7],
  dayStart: '00:00',
  dayEnd: '23:59',
  slotMinutes: 30,
  timeZone: 'Asia/Ulaanbaatar',
  horizonDays: 30,
  leadHours: 0,
};

/** What booking needs: hours open round the clock and a published trip; answers the trip's id. */
export async function prepareBooking(t: TestApp, admin: string, title = 'Gobi in Spring'): Promise<string> {
  const hours = await t.send('PUT', '/api/admin/settings/consultation-hours', { cookie: admin, body: ALWAYS_OPEN });
  if (hours.statusCode !== 200) throw new Error(`hours: ${hours.statusCode} ${hours.body}`);
  const trip = await t.send('POST', '/api/admin/trips', {
    cookie: admin,
    body: tripInput({ title: { en: title, mn: 'Хаврын Говь' } }),
  });
  if (trip.statusCode !== 201) throw new Error(`trip: ${trip.statusCode} ${trip.body}`);
  return (trip.json() as TripDetail).id;
}

/** The open slots at least `hours` ahead, from the `skip`-th on. */
export async function slotAfter(t: TestApp, hours: number, skip = 0): Promise<string> {
  const { slots } = (await t.get('/api/consultations/slots')).json() as SlotsResponse;
  const found = slots.filter((slot) => Date.parse(slot) >= Date.now() + hours * HOUR)[skip];
  if (!found) throw new Error(`no open slot ${hours} hours ahead`);
  return found;
}

export function bookConsultation(t: TestApp, cookie: string, tripId: string, startsAt: string) {
  return t.send('POST', '/api/consultations', { cookie, body: { tripId, startsAt, acknowledgedPolicy: true } });
}

/** LISTENs on the notifications channel of a database, keeping what arrives. */
export async function listenToNotifications(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const messages: ChannelMessage[] = [];
  client.on('notification', (message) => {
    if (message.channel === NOTIFICATION_CHANNEL) messages.push(JSON.parse(message.payload!) as ChannelMessage);
  });
  await client.query(`LISTEN ${NOTIFICATION_CHANNEL}`);
  return { messages, close: () => client.end() };
}

/** Waits until `check` holds (polling), or fails. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`still not true after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { describe, expect, it } from 'vitest';
import { calendarInvitation, parseAddress } from './ics.ts';

const event = {
  uid: 'consultation-1@aylal',
  sequence: 2,
  method: 'REQUEST' as const,
  status: 'TENTATIVE' as const,
  start: new Date('2026-11-23T02:00:00Z'),
  end: new Date('2026-11-23T02:30:00Z'),
  summary: 'Аялал зөвлөгөө: Говийн гайхамшиг, Хонгорын элс; Баянзагийн улаан эрэг',
  description: 'Дор хаяж 24 цагийн өмнө цуцална уу.\nhttps://aylal.mn/consultations',
  organizer: { name: 'Aylal', email: 'no-reply@aylal.mn' },
  attendee: { name: 'Сараа "Болд"', email: 'saraa@example.com' },
  stamp: new Date('2026-11-21T10:00:00Z'),
};

describe('calendar invitations', () => {
  it('writes an RFC 5545 event: UTC times, escaped text, folded lines that never split a character', () => {
    const ics = calendarInvitation(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.split('\r\n').slice(0, -1);
    expect(lines.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(lines).toContain('METHOD:REQUEST');
    expect(lines).toContain('DTSTART:20261123T020000Z');
    expect(lines).toContain('DTEND:20261123T023000Z');
    expect(lines).toContain('DTSTAMP:20261121T100000Z');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('STATUS:TENTATIVE');
    // Unfolded, the text reads back whole, with commas, semicolons and newlines escaped.
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Аялал зөвлөгөө: Говийн гайхамшиг\\, Хонгорын элс\\; Баянзагийн улаан эрэг');
    expect(unfolded).toContain('DESCRIPTION:Дор хаяж 24 цагийн өмнө цуцална уу.\\nhttps://aylal.mn/consultations');
    expect(unfolded).toContain(
      'ATTENDEE;CN="Сараа Болд";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:saraa@example.com',
    );
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(ics))).not.toThrow();
  });

  it('says where it happens (an address escaped, a video link as it is), and nothing when it is not known', () => {
    const place = calendarInvitation({ ...event, location: 'Энхтайваны өргөн чөлөө 17, Улаанбаатар; 2 давхар' });
    expect(place.replace(/\r\n /g, '')).toContain('LOCATION:Энхтайваны өргөн чөлөө 17\\, Улаанбаатар\\; 2 давхар');
    const video = calendarInvitation({ ...event, location: 'https://meet.example.com/abc-defg' });
    expect(video.split('\r\n')).toContain('LOCATION:https://meet.example.com/abc-defg');
    expect(calendarInvitation(event)).not.toContain('LOCATION');
  });

  it('drops control characters that would break a line', () => {
    const ics = calendarInvitation({
      ...event,
      summary: 'Gobi\rTrip\u0007',
      attendee: { name: 'A\nB', email: 'a@b.mn' },
    });
    expect(ics).toContain('SUMMARY:Gobi\\nTrip\r\n');
    expect(ics).toContain('ATTENDEE;CN="AB"');
  });

  it('cancels the same event (same UID, a later SEQUENCE) without an alarm', () => {
    const ics = calendarInvitation({ ...event, method: 'CANCEL', status: 'CANCELLED', sequence: 3 });
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('UID:consultation-1@aylal');
    expect(ics).toContain('SEQUENCE:3');
    expect(ics).not.toContain('BEGIN:VALARM');
  });

  it('reads the sender address of MAIL_FROM', () => {
    expect(parseAddress('Aylal <no-reply@aylal.mn>')).toEqual({ name: 'Aylal', email: 'no-reply@aylal.mn' });
    expect(parseAddress('"Аялал" <hello@aylal.mn>')).toEqual({ name: 'Аялал', email: 'hello@aylal.mn' });
    expect(parseAddress('hello@aylal.mn')).toEqual({ name: 'hello@aylal.mn', email: 'hello@aylal.mn' });
  });
});

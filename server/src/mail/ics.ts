/** A calendar invitation (RFC 5545) for one event: a request, or its cancellation. */
export interface CalendarEvent {
  uid: string;
  /** Bumped on every change so calendar apps replace the earlier invitation. */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  /** TENTATIVE until the agency confirms; CANCELLED goes with METHOD:CANCEL. */
  status: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';
  start: Date;
  end: Date;
  summary: string;
  description: string;
  /** Where it happens: an address, or a video call's link. */
  location?: string;
  url?: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  /** When the invitation is made (tests pass a fixed moment). */
  stamp?: Date;
}

const utc = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

const escapeText = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');

// eslint-disable-next-line no-control-regex
const escapeParam = (value: string) => `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;

/** Lines longer than 75 octets are folded (CRLF and a space), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

export function calendarInvitation(event: CalendarEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Aylal//Consultations//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utc(event.stamp ?? new Date())}`,
    `DTSTART:${utc(event.start)}`,
    `DTEND:${utc(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `ORGANIZER;CN=${escapeParam(event.organizer.name)}:mailto:${event.organizer.email}`,
    `ATTENDEE;CN=${escapeParam(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee.email}`,
    `STATUS:${event.status}`,
    'TRANSP:OPAQUE',
    ...(event.method === 'REQUEST'
      ? ['BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(event.summary)}`, 'TRIGGER:-PT1H', 'END:VALARM']
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** "Aylal <no-reply@aylal.mn>" → { name: 'Aylal', email: 'no-reply@aylal.mn' } */
export function parseAddress(value: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  return match
    ? { name: match[1]!.trim() || match[2]!, email: match[2]! }
    : { name: value.trim(), email: value.trim() };
}

// CSV for spreadsheets (the staff's exports: applications, visa applications, payments).

import { dateInZone } from '@aylal/shared/consultation-rules';
import { formatTime } from '@aylal/shared/dates';

/**
 * One CSV field: quoted when it must be, and never read as a formula by a spreadsheet (a leading
 * =, +, -, @ or tab gets an apostrophe, as OWASP advises for CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A moment as any spreadsheet sorts it, in `timeZone`: 2026-11-22 09:30. */
export function csvTime(iso: string, timeZone: string): string {
  return `${dateInZone(new Date(iso), timeZone)} ${formatTime(iso, timeZone)}`;
}

/** The header and the rows as CSV, every field made safe: UTF-8 with a byte order mark for Excel, CRLF lines. */
export function toCsv(header: string[], rows: string[][]): string {
  return `\uFEFF${[header, ...rows].map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A CSV column: its header and what it shows of each row. */
export type CsvColumn<Row> = readonly [header: string, value: (row: Row) => string];

/** The rows as CSV (`toCsv`) by their columns, each header written beside what its column shows. */
export function columnsCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return toCsv(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, value]) => value(row))),
  );
}

/**
 * A day typed by hand, as the date fields read it: year first, then month and day, joined by
 * "-", "." or "/" ("2027-08-01", "2027.8.1", "2027/08/01"), or the eight digits alone. Mongolia
 * writes dates year first too, so one order serves both languages and nothing is ambiguous.
 * Returns the day as 'YYYY-MM-DD', or null when the text is not a day of the calendar.
 */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const match = /^(\d{4})[-./ ](\d{1,2})[-./ ](\d{1,2})$/.exec(trimmed) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** What is wrong with a typed day against its limits ('YYYY-MM-DD', either may be left out). */
export function dayProblem(
  text: string,
  limits: { min?: string; max?: string },
): { kind: 'format' } | { kind: 'tooEarly' | 'tooLate'; limit: string } | null {
  if (text.trim() === '') return null;
  const day = parseTypedDate(text);
  if (!day) return { kind: 'format' };
  if (limits.min && day < limits.min) return { kind: 'tooEarly', limit: limits.min };
  if (limits.max && day > limits.max) return { kind: 'tooLate', limit: limits.max };
  return null;
}

/** A day moved inside the limits (today, as the example of a format message and the calendar's start). */
export const withinLimits = (day: string, min?: string, max?: string) =>
  min && day < min ? min : max && day > max ? max : day;

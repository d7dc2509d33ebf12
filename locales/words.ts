/**
 * One Mongolian word for each thing the product talks about a lot (issue 23): readers met
 * "и-мэйл", "имэйл" and "email" for the same thing, "захиалах" and "товлох" for booking a
 * consultation, "мессеж" and "зурвас" for a message. The chosen words, and the variants that must
 * not come back. The locale test scans the Mongolian catalogues with it, the mail test the
 * Mongolian mails.
 */
export interface WordRule {
  /** The word to write, in its dictionary form. */
  use: string;
  /** What it names. */
  meaning: string;
  /** A rejected word starts with one of these (lower case; case endings follow). */
  rejected: readonly string[];
}

export const MONGOLIAN_WORDS: readonly WordRule[] = [
  {
    use: 'имэйл',
    meaning: 'e-mail',
    rejected: ['и-мэйл', 'э-мэйл', 'е-мэйл', 'эмэйл', 'емэйл', 'имейл', 'и-мейл', 'мэйл', 'мейл', 'email', 'e-mail'],
  },
  // The noun: "зөвлөгөө" (a booked one: "товлосон зөвлөгөө"), never "захиалга".
  { use: 'товлох', meaning: 'to book a consultation', rejected: ['захиал'] },
  { use: 'зурвас', meaning: 'a message', rejected: ['мессеж', 'месеж', 'мэссэж', 'мэсэж'] },
];

/** The words of a text a reader reads: without {{placeholders}}, $t() nesting, links and addresses. */
function wordsOf(text: string): string[] {
  const readable = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\$t\([^)]*\)/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  return readable.match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? [];
}

/** Each rejected word in `text`, with the word to use instead: `"и-мэйлээр" (use "имэйл")`. */
export function findRejectedWords(text: string): string[] {
  return wordsOf(text).flatMap((word) => {
    const lower = word.toLowerCase();
    const rule = MONGOLIAN_WORDS.find((candidate) => candidate.rejected.some((prefix) => lower.startsWith(prefix)));
    return rule ? [`"${word}" (use "${rule.use}")`] : [];
  });
}

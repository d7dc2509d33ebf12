import type { Language } from './i18n.ts';

/**
 * The tab titles of the pages about one thing, written once: the server puts them in the page's
 * head (its page data), the web sets them when the reader arrives by a link in the app.
 */

/** A trip's page: its title and the brand. */
export function tripPageTitle(title: string, language: Language): string {
  return `${title} · ${language === 'mn' ? 'Аялал' : 'Aylal'}`;
}

/** A job's page: its title and the company. */
export function jobPageTitle(title: string, company: string): string {
  return `${title} · ${company}`;
}

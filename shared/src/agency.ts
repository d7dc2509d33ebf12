/**
 * The agency's own public contact details (the spec leaves them open:
 * docs/decisions/005-contact-details.md). One place to change them for the footer, the error screen
 * and emails. Its time zone is not here: Settings hold it (server/src/lib/agency-clock.ts).
 */
export const AGENCY_CONTACT = {
  email: 'hello@aylal.mn',
  phone: '+976 7711 2020',
} as const;

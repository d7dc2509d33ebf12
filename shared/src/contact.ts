/**
 * The agency's public contact details (the spec leaves them open: docs/decisions/005-contact-details.md).
 * One place to change them for the footer, the error screen and emails.
 */
export const AGENCY_CONTACT = {
  email: 'hello@aylal.mn',
  phone: '+976 7711 2020',
  timeZone: 'Asia/Ulaanbaatar',
} as const;

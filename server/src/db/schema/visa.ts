import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgSequence, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, partOf, timestamptz, updatedAt } from './columns.ts';
import type { VisaForm } from '@aylal/shared/visa-rules';
import { ownedByUser, userOrNull } from './auth.ts';

/** The number in an application's reference ('V-2026-00042'), taken when it is first submitted. */
export const visaReferenceSequence = pgSequence('visa_reference_seq');

/**
 * A visa application (docs/decisions/016): the applicant's answers as one document (`form`, saved
 * as they type, `version` rising with every save for If-Match), and the columns staff filter and
 * search on, copied from it at every save.
 */
export const visaApplications = pgTable(
  'visa_applications',
  {
    id: id(),
    userId: ownedByUser('user_id'),
    /** 'V-2026-00042', given when first submitted. */
    reference: text('reference').unique(),
    state: text('state').notNull().default('draft'),
    form: jsonb('form').$type<VisaForm>().notNull(),
    version: integer('version').notNull().default(1),
    /** Fields a new draft took from the profile. */
    prefilled: text('prefilled')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The country applied for (ISO code, '' while unanswered), from `form`. */
    country: text('country').notNull().default(''),
    /** Both names as written, from `form`, for lists and sorting. */
    name: text('name').notNull().default(''),
    /** Lower-cased names (applicant and dependants), email, reference and passport numbers: what staff search. */
    searchText: text('search_text').notNull().default(''),
    /** `search_text` with its Mongolian letters in Latin ones (lib/search-key.ts): what the search reads, trigram indexed. */
    searchKey: text('search_key').notNull().default(''),
    /** The email as written, from `form`, for the staff list. */
    email: text('email').notNull().default(''),
    /** The passport number's last four characters as stored (upper case, no spaces), from `form`: the staff list shows no more. */
    passportLast4: text('passport_last4').notNull().default(''),
    /** The section staff asked to change and why, while the state is action-required. */
    actionSection: text('action_section'),
    actionMessage: text('action_message'),
    /** The language the applicant writes in: their emails and the PDF's default. */
    language: text('language').notNull().default('en'),
    submittedAt: timestamptz('submitted_at'),
    /** When it was approved, refused or withdrawn: the retention schedule counts from here (docs/decisions/027). */
    decidedAt: timestamptz('decided_at'),
    /** Set by staff to keep a decided application from the retention sweep, with the reason. */
    heldAt: timestamptz('held_at'),
    holdReason: text('hold_reason'),
    /** When the retention sweep deleted its documents and blanked its sensitive answers. */
    purgedAt: timestamptz('purged_at'),
    /** The embassy's side, recorded by staff (docs/decisions/031): its receipt number and the day it was lodged. */
    embassyReceipt: text('embassy_receipt'),
    lodgedOn: text('lodged_on'),
    /** The visa granted is valid from / to (YYYY-MM-DD), recorded on approval and shown to the applicant. */
    validFrom: text('valid_from'),
    validTo: text('valid_to'),
    /** When the applicant was told an untouched draft will be deleted. */
    draftWarnedAt: timestamptz('draft_warned_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'visa_applications_state_check',
      sql`${table.state} in ('draft', 'submitted', 'in-review', 'action-required', 'lodged', 'approved', 'refused', 'withdrawn')`,
    ),
    check('visa_applications_language_check', sql`${table.language} in ('en', 'mn')`),
    index('visa_applications_user_idx').on(table.userId, table.createdAt.desc()),
    // The staff list: never drafts, newest submitted first, filtered by state or country. Each ends
    // with the id, the order's last key, so a page's ids are read from the index alone.
    index('visa_applications_submitted_idx')
      .on(table.submittedAt.desc(), table.id)
      .where(sql`${table.state} <> 'draft'`),
    index('visa_applications_state_submitted_idx')
      .on(table.state, table.submittedAt.desc(), table.id)
      .where(sql`${table.state} <> 'draft'`),
    index('visa_applications_country_submitted_idx')
      .on(table.country, table.submittedAt.desc(), table.id)
      .where(sql`${table.state} <> 'draft'`),
    // The search: trigrams of the search text's key, which Mongolian words have too (lib/search-key.ts).
    // The retention sweep: decided applications not yet purged, and drafts by their last change.
    index('visa_applications_decided_idx')
      .on(table.state, table.decidedAt)
      .where(sql`${table.decidedAt} is not null and ${table.purgedAt} is null`),
    index('visa_applications_draft_updated_idx')
      .on(table.updatedAt)
      .where(sql`${table.state} = 'draft'`),
    index('visa_applications_search_key_idx')
      .using('gin', sql`${table.searchKey} gin_trgm_ops`)
      .where(sql`${table.state} <> 'draft'`),
  ],
);

/**
 * A person travelling with the applicant. Two of one application may not share a name: `name_key`
 * (both names trimmed, spaces collapsed, lower-cased in any script by `dependantNameKey`) is unique
 * per application, so the database refuses what the form does.
 */
export const visaDependants = pgTable(
  'visa_dependants',
  {
    id: id(),
    applicationId: partOf('application_id', () => visaApplications.id),
    position: integer('position').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Both names in Latin letters as printed in the passport (docs/decisions/031). */
    latinFirstName: text('latin_first_name').notNull().default(''),
    latinLastName: text('latin_last_name').notNull().default(''),
    nameKey: text('name_key').notNull(),
    relationship: text('relationship').notNull(),
    dateOfBirth: text('date_of_birth').notNull().default(''),
    nationality: text('nationality').notNull().default(''),
    passportNumber: text('passport_number').notNull().default(''),
    passportExpiryDate: text('passport_expiry_date').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('visa_dependants_name_unique').on(table.applicationId, table.nameKey),
    check(
      'visa_dependants_relationship_check',
      sql`${table.relationship} in ('spouse', 'child', 'parent', 'sibling', 'other')`,
    ),
    index('visa_dependants_application_idx').on(table.applicationId, table.position),
  ],
);

/**
 * An uploaded supporting document, stored behind the storage interface under
 * `visa/<application>/<uuid>.<ext>`: one of each kind per person (the applicant's when
 * `dependant_id` is null; a new upload replaces it).
 */
export const visaDocuments = pgTable(
  'visa_documents',
  {
    id: id(),
    applicationId: partOf('application_id', () => visaApplications.id),
    dependantId: uuid('dependant_id').references(() => visaDependants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'visa_documents_kind_check',
      sql`${table.kind} in ('passport', 'photo', 'bank-statement', 'invitation', 'other')`,
    ),
    // One per person and kind; NULLS NOT DISTINCT makes the applicant's (null) count as one person.
    unique('visa_documents_person_kind_unique')
      .on(table.applicationId, table.dependantId, table.kind)
      .nullsNotDistinct(),
  ],
);

/** An application's history, oldest first: every step, staff notes (staff only) and payment changes. */
export const visaEvents = pgTable(
  'visa_events',
  {
    id: id(),
    applicationId: partOf('application_id', () => visaApplications.id),
    actorId: userOrNull('actor_id'),
    kind: text('kind').notNull(),
    /** The state after the step; null for a note or a payment change. */
    state: text('state'),
    section: text('section'),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    check(
      'visa_events_kind_check',
      sql`${table.kind} in ('created', 'submitted', 'resubmitted', 'withdrawn', 'start-review', 'request-action', 'lodge', 'approve', 'refuse', 'note', 'payment', 'hold', 'release', 'purged')`,
    ),
    index('visa_events_application_idx').on(table.applicationId, table.createdAt),
    // The dashboard's queues: since when each application has been in its state (its latest step
    // into it), read from the index alone (docs/decisions/020).
    index('visa_events_application_state_idx').on(table.applicationId, table.state, table.createdAt),
  ],
);

/**
 * The paid processing add-on of one application: its own record with its own states, set by
 * staff, so that an online payment provider can be plugged in later (`provider`, `provider_ref`).
 */
export const visaPayments = pgTable(
  'visa_payments',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => visaApplications.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('awaiting-payment'),
    /** The price when chosen, whole US dollars. */
    amountUsd: integer('amount_usd').notNull(),
    provider: text('provider'),
    providerRef: text('provider_ref'),
    updatedBy: userOrNull('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('visa_payments_state_check', sql`${table.state} in ('awaiting-payment', 'paid', 'waived', 'refunded')`),
    check('visa_payments_amount_check', sql`${table.amountUsd} >= 0`),
    index('visa_payments_state_idx').on(table.state),
  ],
);

/** The visa service's settings: one row (id 1), edited in Settings. */
export const visaSettings = pgTable(
  'visa_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The paid processing add-on's price in whole US dollars; 0 means it is not offered. */
    processingPriceUsd: integer('processing_price_usd').notNull().default(0),
    /** Days after the decision until an application's documents and sensitive answers are deleted. */
    retentionApprovedDays: integer('retention_approved_days').notNull().default(180),
    retentionRefusedDays: integer('retention_refused_days').notNull().default(730),
    retentionWithdrawnDays: integer('retention_withdrawn_days').notNull().default(30),
    updatedAt: updatedAt(),
    updatedBy: userOrNull('updated_by'),
  },
  (table) => [
    check('visa_settings_single_row', sql`${table.id} = 1`),
    check('visa_settings_price_check', sql`${table.processingPriceUsd} >= 0`),
    check(
      'visa_settings_retention_check',
      sql`${table.retentionApprovedDays} between 1 and 3650 and ${table.retentionRefusedDays} between 1 and 3650 and ${table.retentionWithdrawnDays} between 1 and 3650`,
    ),
  ],
);

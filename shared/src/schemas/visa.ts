import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { isRealDate } from '../field-rules.ts';
import { LANGUAGES } from '../i18n.ts';
import {
  ADMIN_VISA_SORTS,
  VISA_DOCUMENT_KINDS,
  VISA_EVENT_KINDS,
  VISA_PAYMENT_STATES,
  VISA_PROCESSING_PRICE_MAX,
  VISA_PURPOSES,
  VISA_RELATIONSHIPS,
  VISA_SECTIONS,
  VISA_STAFF_ACTION_NAMES,
  VISA_STATES,
  type VisaDependantValues,
  type VisaForm,
  type VisaStaffAction,
} from '../visa-rules.ts';

export * from '../visa-rules.ts';

/**
 * The visa application's schemas (docs/decisions/016-visa-applications.md). A draft is saved as
 * the person types, so its schema only bounds what may be kept (lengths, real dates, known
 * codes); what submitting needs is `visaProblems` in visa-rules.ts, shared with the web.
 * Messages are keys of the `visaApplicationForm` namespace's `validation` group.
 */

const text = (max: number) => z.string().trim().max(max, 'visaApplicationForm:validation.tooLong');
/** '' or a real day from 1900 to 9999. */
const day = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || (isRealDate(value) && value >= '1900-01-01' && value <= '9999-12-31'),
    'visaApplicationForm:validation.dateInvalid',
  );
const country = z
  .string()
  .trim()
  .refine((value) => value === '' || isCountryCode(value), 'visaApplicationForm:validation.countryInvalid');
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.union([z.enum(values), z.literal('')]);

/** The applicant's answers as a draft keeps them. */
export const VisaFormSchema = z.object({
  firstName: text(80),
  lastName: text(80),
  // Added by decision 031: a form saved before reads them as ''.
  latinFirstName: text(80).default(''),
  latinLastName: text(80).default(''),
  email: text(254),
  phone: text(30),
  dateOfBirth: day,
  nationality: country,
  passportNumber: text(20),
  passportExpiryDate: day,
  country,
  entryDate: day.default(''),
  exitDate: day.default(''),
  purpose: oneOf(VISA_PURPOSES),
  purposeDetails: text(2000),
  previousVisaHistory: text(2000),
  criminalRecord: oneOf(['no', 'yes'] as const),
  criminalRecordDetails: text(2000),
  medicalConditions: text(2000),
  emergencyContactName: text(120),
  emergencyContactPhone: text(30),
  additionalNotes: text(3000),
  processing: z.boolean(),
}) satisfies z.ZodType<VisaForm>;

/** A dependant: both names and the relationship are needed to add one; the rest may follow. */
export const VisaDependantSchema = z.object({
  firstName: text(80).min(1, 'visaApplicationForm:validation.firstName'),
  lastName: text(80).min(1, 'visaApplicationForm:validation.lastName'),
  latinFirstName: text(80).default(''),
  latinLastName: text(80).default(''),
  relationship: z.enum(VISA_RELATIONSHIPS, 'visaApplicationForm:validation.relationship'),
  dateOfBirth: day,
  nationality: country,
  passportNumber: text(20),
  passportExpiryDate: day,
}) satisfies z.ZodType<VisaDependantValues>;
export type VisaDependantInput = z.infer<typeof VisaDependantSchema>;

export const VisaDependantResponseSchema = VisaDependantSchema.extend({
  id: z.string(),
  updatedAt: z.string(),
});
export type VisaDependant = z.infer<typeof VisaDependantResponseSchema>;

/** One uploaded file: whose it is (the applicant's when `dependantId` is null) and which kind. */
export const VisaDocumentSchema = z.object({
  id: z.string(),
  dependantId: z.string().nullable(),
  kind: z.enum(VISA_DOCUMENT_KINDS),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type VisaDocument = z.infer<typeof VisaDocumentSchema>;

/** The multipart fields beside the file of `POST /api/visa-applications/:id/documents`. */
export const VisaDocumentFieldsSchema = z.object({
  kind: z.enum(VISA_DOCUMENT_KINDS),
  dependantId: z.uuid().optional(),
});

/** The paid processing add-on's record (docs/decisions/016). */
export const VisaPaymentSchema = z.object({
  state: z.enum(VISA_PAYMENT_STATES),
  /** The price when chosen, in whole US dollars. */
  amountUsd: z.number().int(),
  updatedAt: z.string(),
});
export type VisaPayment = z.infer<typeof VisaPaymentSchema>;

/** What staff asked the applicant to change. */
export const VisaActionRequestSchema = z.object({
  section: z.enum(VISA_SECTIONS),
  message: z.string(),
});
export type VisaActionRequest = z.infer<typeof VisaActionRequestSchema>;

/** One step of an application's history as its applicant sees it (staff notes are not among them). */
export const VisaHistoryEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(VISA_EVENT_KINDS),
  /** The state after the step (null for a note or a payment change). */
  state: z.enum(VISA_STATES).nullable(),
  section: z.enum(VISA_SECTIONS).nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type VisaHistoryEntry = z.infer<typeof VisaHistoryEntrySchema>;

/** `GET /api/visa-applications`: the person's applications, newest first. */
export const MyVisaApplicationSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  state: z.enum(VISA_STATES),
  /** The country applied for ('' while the draft has none). */
  country: z.string(),
  /** Both names, for telling drafts apart. */
  name: z.string(),
  dependants: z.number().int(),
  actionRequest: VisaActionRequestSchema.nullable(),
  payment: VisaPaymentSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type MyVisaApplication = z.infer<typeof MyVisaApplicationSchema>;

export const MyVisaApplicationsResponseSchema = z.object({
  items: z.array(MyVisaApplicationSchema),
  /** The add-on's price now (0: not offered), in whole US dollars. */
  processingPriceUsd: z.number().int(),
  /** What the account has used of its limits (docs/decisions/026). */
  usage: z.object({
    /** Applications started in the last VISA_APPLICATIONS_WINDOW_DAYS days (at most VISA_APPLICATIONS_PER_YEAR). */
    applications: z.number().int(),
    /** Bytes all its applications' documents take (at most VISA_ACCOUNT_DOCUMENT_BYTES). */
    documentBytes: z.number().int(),
  }),
});
export type MyVisaApplicationsResponse = z.infer<typeof MyVisaApplicationsResponseSchema>;

/** `GET /api/visa-applications/:id`: everything the applicant sees of one application. */
export const VisaApplicationSchema = MyVisaApplicationSchema.extend({
  version: z.number().int(),
  form: VisaFormSchema,
  /** Fields a new draft took from the person's profile or account, and which (the form says so beside them). */
  prefilled: z.record(z.string(), z.enum(['profile', 'account'])),
  dependantList: z.array(VisaDependantResponseSchema),
  documents: z.array(VisaDocumentSchema),
  history: z.array(VisaHistoryEntrySchema),
  processingPriceUsd: z.number().int(),
  /**
   * What staff recorded of the embassy (docs/decisions/031): its receipt number and the day it was
   * lodged, and the visa's validity on approval (days YYYY-MM-DD); null until recorded.
   */
  embassy: z.object({
    receipt: z.string().nullable(),
    lodgedOn: z.string().nullable(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
  }),
  /** The retention schedule as it applies to this application (docs/decisions/027). */
  retention: z.object({
    /** When its documents and sensitive answers will be deleted: decided, not on hold, not yet deleted. */
    deletesOn: z.string().nullable(),
    /** When they were deleted. */
    deletedAt: z.string().nullable(),
    /** Staff keep it from the schedule for now. */
    held: z.boolean(),
  }),
  /**
   * The applicant's latest consent for this application (docs/decisions/027): `version` against
   * VISA_CONSENT_VERSION tells whether a submit must ask again.
   */
  consent: z.object({ version: z.string(), at: z.string() }).nullable(),
});
export type VisaApplication = z.infer<typeof VisaApplicationSchema>;

/**
 * `POST /api/visa-applications/:id/submit`: the consent to the words of `version` as shown in
 * `language`; not needed again when this application already holds one to the current version.
 */
export const VisaSubmitRequestSchema = z.object({
  consent: z.object({ version: z.string().trim().min(1).max(40), language: z.enum(LANGUAGES) }).optional(),
});
export type VisaSubmitRequest = z.infer<typeof VisaSubmitRequestSchema>;

/** `PUT /api/visa-applications/:id` (with `If-Match: "<version>"`): the draft's answers. */
export const SaveVisaDraftRequestSchema = z.object({ form: VisaFormSchema });
export const SaveVisaDraftResponseSchema = z.object({ version: z.number().int(), updatedAt: z.string() });
export type SaveVisaDraftResponse = z.infer<typeof SaveVisaDraftResponseSchema>;

// ---- Staff ----

/** GET /api/admin/visa-applications (and its CSV). `q` matches names, email, reference and passport digits. */
export const AdminVisaQuerySchema = z.object({
  state: z.enum(VISA_STATES).optional(),
  country: z
    .string()
    .trim()
    .refine((value) => isCountryCode(value), 'country')
    .optional(),
  payment: z.enum([...VISA_PAYMENT_STATES, 'none']).optional(),
  /** Submitted from / to, days on the agency's calendar (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  q: z.string().trim().max(200).optional(),
  sort: z.enum(ADMIN_VISA_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminVisaQuery = z.infer<typeof AdminVisaQuerySchema>;

export const AdminVisaListItemSchema = z.object({
  id: z.string(),
  reference: z.string().nullable(),
  state: z.enum(VISA_STATES),
  country: z.string(),
  name: z.string(),
  email: z.string(),
  /** Masked: '•••• 4567'. */
  passport: z.string(),
  dependants: z.number().int(),
  payment: z.enum(VISA_PAYMENT_STATES).nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminVisaListItem = z.infer<typeof AdminVisaListItemSchema>;

export const AdminVisaListResponseSchema = z.object({
  items: z.array(AdminVisaListItemSchema),
  total: z.number().int(),
});
export type AdminVisaListResponse = z.infer<typeof AdminVisaListResponseSchema>;

/** A staff history row: every step and note, with who made it. */
export const AdminVisaEventSchema = VisaHistoryEntrySchema.extend({ actor: z.string().nullable() });
export type AdminVisaEvent = z.infer<typeof AdminVisaEventSchema>;

/** GET /api/admin/visa-applications/:id: every answer (the passport number whole), and the casework. */
export const AdminVisaDetailSchema = VisaApplicationSchema.omit({ history: true, prefilled: true }).extend({
  account: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  events: z.array(AdminVisaEventSchema),
  actions: z.array(z.enum(VISA_STAFF_ACTION_NAMES as [VisaStaffAction, ...VisaStaffAction[]])),
  /** Consultations booked about this application. */
  consultations: z.array(z.object({ id: z.string(), startsAt: z.string(), state: z.string() })),
  /** Why and since when staff keep it from the retention schedule. */
  hold: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type AdminVisaDetail = z.infer<typeof AdminVisaDetailSchema>;

/**
 * POST /api/admin/visa-applications/:id/actions. A change request needs its section and why, each
 * missing one with its own message at once (the form shows both).
 */
export const AdminVisaActionRequestSchema = z
  .object({
    action: z.enum(VISA_STAFF_ACTION_NAMES as [VisaStaffAction, ...VisaStaffAction[]]),
    section: z.union([z.enum(VISA_SECTIONS), z.literal('')]).optional(),
    message: z.string().trim().max(2000).default(''),
    /** Lodging: the embassy's receipt number and the day it was lodged (docs/decisions/031). */
    embassyReceipt: z.string().trim().max(60, 'visaApplicationForm:validation.tooLong').optional(),
    lodgedOn: day.optional(),
    /** Approving: the visa's validity. */
    validFrom: day.optional(),
    validTo: day.optional(),
  })
  .superRefine((input, context) => {
    if (input.validFrom && input.validTo && input.validTo < input.validFrom) {
      context.addIssue({
        code: 'custom',
        path: ['validTo'],
        message: 'visaApplicationForm:validation.validToBeforeFrom',
      });
    }
    if (input.action !== 'request-action') return;
    if (!input.section) {
      context.addIssue({ code: 'custom', path: ['section'], message: 'visaApplicationForm:validation.actionSection' });
    }
    if (input.message === '') {
      context.addIssue({ code: 'custom', path: ['message'], message: 'visaApplicationForm:validation.actionMessage' });
    }
  });
export type AdminVisaActionRequest = z.infer<typeof AdminVisaActionRequestSchema>;

export const AdminVisaNoteRequestSchema = z.object({ note: z.string().trim().min(1).max(2000) });
export const AdminVisaPaymentRequestSchema = z.object({ state: z.enum(VISA_PAYMENT_STATES) });

/** GET and PUT /api/admin/settings/visa: the add-on's price (0: not offered). */
export const VisaSettingsSchema = z.object({
  processingPriceUsd: z.number().int().min(0).max(VISA_PROCESSING_PRICE_MAX),
});
export type VisaSettings = z.infer<typeof VisaSettingsSchema>;

/** What staff did that showed an application's personal data (docs/decisions/027). */
export const ACCESS_RECORD_KINDS = ['passport-reveal', 'document-open', 'staff-pdf', 'visa-csv'] as const;
export type AccessRecordKind = (typeof ACCESS_RECORD_KINDS)[number];

/**
 * GET /api/admin/visa-applications/:id/access-log: who looked at the application's personal data,
 * newest first (at most 200; `total` counts them all). `detail` says which document's kind was
 * opened, or how many applications a CSV export listed; never a file name or a search.
 */
export const AdminVisaAccessLogSchema = z.object({
  records: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(ACCESS_RECORD_KINDS),
      actor: z.object({ name: z.string(), email: z.string() }),
      detail: z.object({ documentKind: z.enum(VISA_DOCUMENT_KINDS).optional(), count: z.number().int().optional() }),
      ip: z.string(),
      at: z.string(),
    }),
  ),
  total: z.number().int(),
});
export type AdminVisaAccessLog = z.infer<typeof AdminVisaAccessLogSchema>;
export type AdminVisaAccessRecord = AdminVisaAccessLog['records'][number];

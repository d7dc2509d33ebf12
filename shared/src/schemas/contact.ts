import { z } from 'zod';
import {
  ADMIN_CONTACT_SORTS,
  CONTACT_EVENT_KINDS,
  CONTACT_SAVED_REPLIES,
  CONTACT_SETTABLE_STATES,
  CONTACT_STATES,
  CONTACT_TYPES,
} from '../contact-rules.ts';
import { LANGUAGES } from '../i18n.ts';

export * from '../contact-rules.ts';

/**
 * The contact form and the staff inbox (docs/decisions/017). The form's schema is the one the
 * web form checks with and `POST /api/contact` validates (the form kit words its refusals).
 */

const text = (max: number) => z.string().trim().max(max);

/** What a person fills in. */
export const ContactFormSchema = z.object({
  title: text(150).min(1),
  type: z.enum(CONTACT_TYPES),
  name: text(120).min(1),
  email: z.string().trim().max(254).pipe(z.email()),
  /** A phone number or any other way to reach them (optional). */
  contact: text(120),
  message: text(5000).min(1),
});
export type ContactForm = z.infer<typeof ContactFormSchema>;

/**
 * POST /api/contact: the form, with what tells a person from a bot (docs/decisions/025). A
 * signed-in person whose email is verified passes without them; anyone else without the token,
 * or with the hidden field filled in, is refused and nothing is stored.
 */
export const ContactRequestSchema = ContactFormSchema.extend({
  /** The hidden field: people leave it empty. */
  website: z.string().max(500).optional(),
  /** The token GET /api/contact/form-token gave when the form opened: the server's own clock. */
  formToken: z.string().max(200).optional(),
  language: z.enum(LANGUAGES).optional(),
});
export type ContactRequest = z.infer<typeof ContactRequestSchema>;

/** GET /api/contact/form-token: when the form was opened, signed by the server. */
export const ContactFormTokenResponseSchema = z.object({ token: z.string() });
export type ContactFormTokenResponse = z.infer<typeof ContactFormTokenResponseSchema>;

export const ContactResponseSchema = z.object({ reference: z.string() });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

/** A conversation entry as its customer sees it (never notes, never who on staff). */
export const ContactMineEntrySchema = z.object({
  kind: z.enum(['received', 'reply']),
  body: z.string(),
  createdAt: z.string(),
});

/** GET /api/contact/mine: the signed-in person's own messages, newest first, with the replies. */
export const ContactMineItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  type: z.enum(CONTACT_TYPES),
  title: z.string(),
  state: z.enum(['open', 'waiting', 'resolved']),
  createdAt: z.string(),
  entries: z.array(ContactMineEntrySchema),
});
export type ContactMineItem = z.infer<typeof ContactMineItemSchema>;
export const ContactMineResponseSchema = z.object({ items: z.array(ContactMineItemSchema) });
export type ContactMineResponse = z.infer<typeof ContactMineResponseSchema>;

export const AdminContactQuerySchema = z.object({
  state: z.enum(CONTACT_STATES).optional(),
  type: z.enum(CONTACT_TYPES).optional(),
  /** An admin's id, or 'none' for unassigned ones. */
  assignee: z.string().trim().max(100).optional(),
  q: z.string().trim().max(200).optional(),
  /** Received from / to, days on the agency's calendar (YYYY-MM-DD). */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** '1': not settled yet (new, open or waiting for the customer). */
  active: z.enum(['1']).optional(),
  /** '1': waiting for staff's reply (new or open). */
  unanswered: z.enum(['1']).optional(),
  sort: z.enum(ADMIN_CONTACT_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminContactQuery = z.infer<typeof AdminContactQuerySchema>;

const PersonSchema = z.object({ id: z.string(), name: z.string() });

export const AdminContactListItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  type: z.enum(CONTACT_TYPES),
  state: z.enum(CONTACT_STATES),
  title: z.string(),
  name: z.string(),
  email: z.string(),
  assignee: PersonSchema.nullable(),
  unread: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminContactListItem = z.infer<typeof AdminContactListItemSchema>;

export const AdminContactListResponseSchema = z.object({
  items: z.array(AdminContactListItemSchema),
  total: z.number().int(),
});
export type AdminContactListResponse = z.infer<typeof AdminContactListResponseSchema>;

/** GET /api/admin/contact-messages/staff: the admins, by name (the inbox's assignee filter). */
export const AdminContactStaffResponseSchema = z.object({ items: z.array(PersonSchema) });
export type AdminContactStaffResponse = z.infer<typeof AdminContactStaffResponseSchema>;

export const AdminContactEventSchema = z.object({
  id: z.string(),
  kind: z.enum(CONTACT_EVENT_KINDS),
  body: z.string(),
  state: z.enum(CONTACT_STATES).nullable(),
  assignee: PersonSchema.nullable(),
  reference: z.string().nullable(),
  /** Who wrote it (`received`): this conversation's person, or the one of a message merged in. */
  from: z.string().nullable(),
  actor: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminContactEvent = z.infer<typeof AdminContactEventSchema>;

/** GET /api/admin/contact-messages/:id (a merged one answers its target's). */
export const AdminContactDetailSchema = AdminContactListItemSchema.extend({
  contact: z.string(),
  language: z.enum(LANGUAGES),
  hasAccount: z.boolean(),
  /** References of the conversations merged into this one. */
  merged: z.array(z.string()),
  events: z.array(AdminContactEventSchema),
  /** Admins it may be assigned to. */
  staff: z.array(PersonSchema),
  /** The saved replies in the person's language, their name filled in. */
  savedReplies: z.array(z.object({ key: z.enum(CONTACT_SAVED_REPLIES), body: z.string() })),
});
export type AdminContactDetail = z.infer<typeof AdminContactDetailSchema>;

export const AdminContactReplyRequestSchema = z.object({ body: text(10_000).min(1) });
export type AdminContactReplyRequest = z.infer<typeof AdminContactReplyRequestSchema>;
export const AdminContactNoteRequestSchema = z.object({ note: text(5000).min(1) });
export const AdminContactAssignRequestSchema = z.object({ assigneeId: z.string().max(100).nullable() });
export const AdminContactStateRequestSchema = z.object({ state: z.enum(CONTACT_SETTABLE_STATES) });
export const AdminContactBulkStateRequestSchema = z.object({
  ids: z.array(z.string().max(100)).min(1).max(100),
  state: z.enum(CONTACT_SETTABLE_STATES),
});
export const AdminContactBulkStateResponseSchema = z.object({ changed: z.number().int() });
export const AdminContactMergeRequestSchema = z.object({
  /** The conversation it joins: its id or its reference. */
  into: text(100).min(1),
  /** Staff confirmed merging two people's conversations (CONTACT_MERGE_OTHER_PERSON otherwise). */
  confirmDifferentPeople: z.boolean().optional(),
});
export type AdminContactMergeRequest = z.infer<typeof AdminContactMergeRequestSchema>;

const MergeSideSchema = z.object({
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  /** Sent signed in (an account), or not. */
  signedIn: z.boolean(),
});
/** The details of CONTACT_MERGE_OTHER_PERSON: the two people, for staff to confirm. */
export const ContactMergePeopleSchema = z.object({ from: MergeSideSchema, into: MergeSideSchema });
export type ContactMergePeople = z.infer<typeof ContactMergePeopleSchema>;

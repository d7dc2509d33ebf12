import { and, arrayOverlaps, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CONTACT_PERSON_EVENT_KINDS } from '@aylal/shared/contact-rules';
import type { Db } from '../../db/client.ts';
import { accounts, passkeys, sessions, twoFactors, users } from '../../db/schema/auth.ts';
import { consultationEvents, consultations } from '../../db/schema/consultations.ts';
import { contactEvents, contactMessages } from '../../db/schema/contact.ts';
import { cvs, jobApplications } from '../../db/schema/jobs.ts';
import { notifications, profiles, pushSubscriptions } from '../../db/schema/notifications.ts';
import { accessRecords, consents } from '../../db/schema/privacy.ts';
import { visaApplications, visaDependants, visaDocuments, visaEvents, visaPayments } from '../../db/schema/visa.ts';
import { AppError } from '../../lib/app-error.ts';
import { mailboxKey } from '../contact/index.ts';
import { toProfile } from './service.ts';

/** A stored visa document as the ZIP names it: where its bytes are, and its path in the archive. */
export interface ExportFile {
  key: string;
  path: string;
  createdAt: Date;
}

/** One part of a path in the ZIP: no slashes, no control characters, no `..`, never empty. */
export function zipPathPart(name: string): string {
  const cleaned = name
    // Control characters and what Windows refuses in a name, as well as both slashes.
    .replace(/[\p{Cc}/\\:*?"<>|]/gu, '_')
    .replace(/\.{2,}/g, '.')
    .trim()
    .slice(0, 120);
  return cleaned === '' || cleaned === '.' ? '_' : cleaned;
}

/** `path` itself, or with ` (2)`, ` (3)`… before its extension when that is taken already. */
function uniquePath(taken: Set<string>, path: string): string {
  const dot = path.lastIndexOf('.');
  const stem = dot > path.lastIndexOf('/') + 1 ? path.slice(0, dot) : path;
  const extension = path.slice(stem.length);
  let candidate = path;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Everything the product holds about the user (GET /api/account/export and the ZIP beside it),
 * read in one read-only REPEATABLE READ transaction so every part is of the same moment, one
 * query per table. Never a secret: no session token, passkey public key, authenticator secret,
 * password or push keys (push subscriptions by endpoint only). Staff notes on their visa
 * applications and consultations are theirs to read (docs/decisions/015); contact conversations
 * give what they wrote and the replies sent to them, as `/api/contact/mine` does (decision 025).
 * `files` are the visa documents' stored keys with their paths in the ZIP (not in the JSON).
 */
export async function collectMyData(db: Db, userId: string, publicUrl: string) {
  return db.transaction(
    async (tx) => {
      const [account] = await tx
        .select({
          name: users.name,
          email: users.email,
          emailVerified: users.emailVerified,
          phoneNumber: users.phoneNumber,
          language: users.language,
          role: users.role,
          twoFactorEnabled: users.twoFactorEnabled,
          createdAt: users.createdAt,
          lastLoginAt: users.lastLoginAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) throw new AppError('UNAUTHENTICATED');

      // Sent from the account, or before sign-up (or signed out) from its address once it is
      // proven theirs: keyed as the contact form keys it (one mailbox however it is spelt).
      const mine = account.emailVerified
        ? or(
            eq(contactMessages.userId, userId),
            and(isNull(contactMessages.userId), eq(contactMessages.emailKey, mailboxKey(account.email))),
          )
        : eq(contactMessages.userId, userId);

      const profile = await tx.select().from(profiles).where(eq(profiles.userId, userId));
      const cv = await tx.select({ data: cvs.data }).from(cvs).where(eq(cvs.userId, userId));
      const signIns = await tx
        .select({ provider: accounts.providerId })
        .from(accounts)
        .where(eq(accounts.userId, userId));
      const devices = await tx
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt));
      const keys = await tx
        .select({
          name: passkeys.name,
          deviceType: passkeys.deviceType,
          backedUp: passkeys.backedUp,
          createdAt: passkeys.createdAt,
        })
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt));
      const [app] = await tx
        .select({ verified: twoFactors.verified, createdAt: twoFactors.createdAt })
        .from(twoFactors)
        .where(eq(twoFactors.userId, userId));
      const booked = await tx
        .select({
          id: consultations.id,
          tripTitleEn: consultations.tripTitleEn,
          tripTitleMn: consultations.tripTitleMn,
          startsAt: consultations.startsAt,
          endsAt: consultations.endsAt,
          state: consultations.state,
          note: consultations.note,
          language: consultations.language,
          timeZone: consultations.timeZone,
          place: consultations.place,
          videoUrl: consultations.videoUrl,
          createdAt: consultations.createdAt,
        })
        .from(consultations)
        .where(eq(consultations.userId, userId))
        .orderBy(asc(consultations.startsAt));
      const bookingEvents = await tx
        .select({
          consultationId: consultationEvents.consultationId,
          kind: consultationEvents.kind,
          note: consultationEvents.note,
          previousStartsAt: consultationEvents.previousStartsAt,
          createdAt: consultationEvents.createdAt,
        })
        .from(consultationEvents)
        .innerJoin(consultations, eq(consultations.id, consultationEvents.consultationId))
        .where(eq(consultations.userId, userId))
        .orderBy(asc(consultationEvents.createdAt), asc(consultationEvents.id));
      const applied = await tx
        .select({
          jobTitleEn: jobApplications.jobTitleEn,
          jobTitleMn: jobApplications.jobTitleMn,
          company: jobApplications.company,
          state: jobApplications.state,
          cv: jobApplications.cv,
          createdAt: jobApplications.createdAt,
          updatedAt: jobApplications.updatedAt,
        })
        .from(jobApplications)
        .where(eq(jobApplications.userId, userId))
        .orderBy(desc(jobApplications.createdAt));
      const told = await tx
        .select({
          type: notifications.type,
          params: notifications.params,
          link: notifications.link,
          readAt: notifications.readAt,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(eq(notifications.recipientId, userId))
        .orderBy(desc(notifications.createdAt));
      const pushes = await tx
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId));

      const visas = await tx
        .select({
          id: visaApplications.id,
          reference: visaApplications.reference,
          state: visaApplications.state,
          country: visaApplications.country,
          language: visaApplications.language,
          form: visaApplications.form,
          actionSection: visaApplications.actionSection,
          actionMessage: visaApplications.actionMessage,
          submittedAt: visaApplications.submittedAt,
          decidedAt: visaApplications.decidedAt,
          heldAt: visaApplications.heldAt,
          holdReason: visaApplications.holdReason,
          embassyReceipt: visaApplications.embassyReceipt,
          lodgedOn: visaApplications.lodgedOn,
          validFrom: visaApplications.validFrom,
          validTo: visaApplications.validTo,
          purgedAt: visaApplications.purgedAt,
          createdAt: visaApplications.createdAt,
          updatedAt: visaApplications.updatedAt,
        })
        .from(visaApplications)
        .where(eq(visaApplications.userId, userId))
        .orderBy(asc(visaApplications.createdAt), asc(visaApplications.id));
      const visaIds = visas.map((visa) => visa.id);
      const people = await tx
        .select()
        .from(visaDependants)
        .where(inArray(visaDependants.applicationId, visaIds))
        .orderBy(asc(visaDependants.applicationId), asc(visaDependants.position));
      const documents = await tx
        .select({
          id: visaDocuments.id,
          applicationId: visaDocuments.applicationId,
          dependantId: visaDocuments.dependantId,
          kind: visaDocuments.kind,
          fileKey: visaDocuments.fileKey,
          fileName: visaDocuments.fileName,
          contentType: visaDocuments.contentType,
          size: visaDocuments.size,
          createdAt: visaDocuments.createdAt,
        })
        .from(visaDocuments)
        .where(inArray(visaDocuments.applicationId, visaIds))
        .orderBy(asc(visaDocuments.createdAt), asc(visaDocuments.id));
      const steps = await tx
        .select({
          applicationId: visaEvents.applicationId,
          kind: visaEvents.kind,
          state: visaEvents.state,
          section: visaEvents.section,
          message: visaEvents.message,
          createdAt: visaEvents.createdAt,
        })
        .from(visaEvents)
        .where(inArray(visaEvents.applicationId, visaIds))
        .orderBy(asc(visaEvents.createdAt), asc(visaEvents.id));
      const payments = await tx
        .select({
          applicationId: visaPayments.applicationId,
          state: visaPayments.state,
          amountUsd: visaPayments.amountUsd,
          createdAt: visaPayments.createdAt,
          updatedAt: visaPayments.updatedAt,
        })
        .from(visaPayments)
        .where(inArray(visaPayments.applicationId, visaIds));
      const looks =
        visaIds.length === 0
          ? []
          : await tx
              .select({
                kind: accessRecords.kind,
                actorName: accessRecords.actorName,
                applicationId: accessRecords.applicationId,
                applicationIds: accessRecords.applicationIds,
                detail: accessRecords.detail,
                createdAt: accessRecords.createdAt,
              })
              .from(accessRecords)
              .where(
                or(inArray(accessRecords.applicationId, visaIds), arrayOverlaps(accessRecords.applicationIds, visaIds)),
              )
              .orderBy(asc(accessRecords.createdAt), asc(accessRecords.id));
      const agreed = await tx
        .select({
          kind: consents.kind,
          version: consents.version,
          language: consents.language,
          wording: consents.wording,
          applicationId: consents.applicationId,
          createdAt: consents.createdAt,
        })
        .from(consents)
        .where(eq(consents.userId, userId))
        .orderBy(asc(consents.createdAt), asc(consents.id));

      const messages = await tx
        .select({
          id: contactMessages.id,
          reference: contactMessages.reference,
          type: contactMessages.type,
          state: contactMessages.state,
          title: contactMessages.title,
          name: contactMessages.name,
          email: contactMessages.email,
          contact: contactMessages.contact,
          language: contactMessages.language,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(mine)
        .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id));
      // An entry belongs to the message it was written in (decision 025): its reference, or, when it
      // has none, the message it is in; merged or not, it is read in the conversation it lives in.
      const entries =
        messages.length === 0
          ? []
          : await tx
              .select({
                messageId: contactMessages.id,
                kind: contactEvents.kind,
                body: contactEvents.body,
                createdAt: contactEvents.createdAt,
              })
              .from(contactMessages)
              .innerJoin(
                contactEvents,
                and(
                  eq(contactEvents.messageId, sql`coalesce(${contactMessages.mergedIntoId}, ${contactMessages.id})`),
                  or(
                    eq(contactEvents.reference, contactMessages.reference),
                    and(isNull(contactEvents.reference), eq(contactEvents.messageId, contactMessages.id)),
                  ),
                ),
              )
              .where(
                and(
                  inArray(
                    contactMessages.id,
                    messages.map((message) => message.id),
                  ),
                  inArray(contactEvents.kind, [...CONTACT_PERSON_EVENT_KINDS]),
                ),
              )
              .orderBy(asc(contactEvents.createdAt), asc(contactEvents.id));

      const paymentOf = new Map(payments.map(({ applicationId, ...payment }) => [applicationId, payment]));
      const referenceOf = new Map(visas.map((visa) => [visa.id, visa.reference]));
      const nameOf = new Map(people.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]));
      const taken = new Set<string>();
      const files: ExportFile[] = documents.map((document) => {
        const folder = referenceOf.get(document.applicationId) ?? `draft-${document.applicationId.slice(0, 8)}`;
        const person = document.dependantId ? nameOf.get(document.dependantId) : undefined;
        const parts = ['visa', zipPathPart(folder), ...(person ? [zipPathPart(person)] : [])];
        const name = zipPathPart(`${document.kind}-${document.fileName}`);
        return {
          key: document.fileKey,
          path: uniquePath(taken, [...parts, name].join('/')),
          createdAt: document.createdAt,
        };
      });

      const data = {
        exportedAt: new Date().toISOString(),
        account: {
          name: account.name,
          email: account.email,
          emailVerified: account.emailVerified,
          phoneNumber: account.phoneNumber,
          language: account.language,
          role: account.role,
          createdAt: account.createdAt,
          lastLoginAt: account.lastLoginAt,
          signInMethods: signIns.map((row) => row.provider),
        },
        signInFactors: {
          authenticatorApp: {
            enabled: account.twoFactorEnabled && (app?.verified ?? false),
            setUpAt: app?.verified ? app.createdAt : null,
          },
          passkeys: keys,
        },
        sessions: devices,
        profile: profile[0] ? toProfile(profile[0]) : null,
        cv: cv[0]?.data ?? null,
        consultations: booked.map(({ id, ...consultation }) => ({
          ...consultation,
          events: bookingEvents
            .filter((event) => event.consultationId === id)
            .map(({ consultationId: _, ...event }) => event),
        })),
        jobApplications: applied,
        visaApplications: visas.map((visa) => ({
          ...visa,
          dependants: people
            .filter((person) => person.applicationId === visa.id)
            .map(({ applicationId: _, nameKey: __, ...person }) => person),
          documents: documents
            .filter((document) => document.applicationId === visa.id)
            .map(({ applicationId: _, fileKey: __, dependantId, ...document }) => ({
              ...document,
              dependantId,
              dependant: dependantId ? (nameOf.get(dependantId) ?? null) : null,
              downloadUrl: `${publicUrl}/api/visa-applications/${visa.id}/documents/${document.id}`,
            })),
          events: steps.filter((step) => step.applicationId === visa.id).map(({ applicationId: _, ...step }) => step),
          payment: paymentOf.get(visa.id) ?? null,
        })),
        contactMessages: messages.map(({ id, ...message }) => ({
          ...message,
          events: entries.filter((entry) => entry.messageId === id).map(({ messageId: _, ...entry }) => entry),
        })),
        consents: agreed,
        // Records name applications by id only; a list export names several, of which only theirs are said.
        accessRecords: looks.map(({ applicationId, applicationIds, ...record }) => ({
          ...record,
          applications: [...new Set([applicationId, ...applicationIds])]
            .filter((id) => id !== null && referenceOf.has(id))
            .map((id) => ({ id: id!, reference: referenceOf.get(id!) ?? null })),
        })),
        notifications: told,
        pushSubscriptions: pushes,
      };
      return { data, files };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The export as the JSON route gives it. */
export async function exportMyData(db: Db, userId: string, publicUrl: string) {
  return (await collectMyData(db, userId, publicUrl)).data;
}

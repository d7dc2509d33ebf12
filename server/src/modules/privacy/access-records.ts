// Who looked (docs/decisions/027): one `access_records` row each time staff are shown a visa
// application's personal data (its passport numbers whole, a document, the staff PDF, the CSV
// export), written once the access is granted and before anything is sent, so that a record that
// cannot be written shows nothing. Read back newest first on staff's page of the application.

import { arrayContains, count, desc, eq, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  VISA_DOCUMENT_KINDS,
  type AccessRecordKind,
  type AdminVisaAccessLog,
  type AdminVisaAccessRecord,
} from '@aylal/shared/schemas/visa';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accessRecords } from '../../db/schema/privacy.ts';
import { AppError } from '../../lib/app-error.ts';
import { findVisaApplication } from '../visa/index.ts';

/** How many records the log shows at once (the newest); `total` says how many there are. */
export const ACCESS_LOG_LIMIT = 200;

/** What was looked at: one application, or (a CSV export) the applications it listed. */
export type Access =
  | { kind: 'passport-reveal' | 'staff-pdf'; applicationId: string }
  | {
      kind: 'document-open';
      applicationId: string;
      /** The document's kind, never its file name. */
      detail: { documentId: string; kind: string; dependantId?: string };
    }
  /** Never the search text: it may hold passport digits or names. */
  | { kind: 'visa-csv'; applicationIds: string[]; detail: { count: number } };

/**
 * Writes one record of a signed-in staff member's look (after requireAdmin): their name and address
 * as they are now, and the caller's address. Throws when it cannot be written, which the caller
 * lets through so nothing is shown.
 */
export async function recordAccess(
  db: DbOrTx,
  request: Pick<FastifyRequest, 'sessionUser' | 'ip'>,
  access: Access,
): Promise<void> {
  const actor = request.sessionUser;
  if (!actor) throw new AppError('UNAUTHENTICATED');
  await db.insert(accessRecords).values({
    kind: access.kind,
    actorId: actor.id,
    actorName: actor.name,
    actorEmail: actor.email,
    applicationId: 'applicationId' in access ? access.applicationId : null,
    applicationIds: 'applicationIds' in access ? access.applicationIds : [],
    detail: 'detail' in access ? access.detail : {},
    ip: request.ip,
  });
}

/** What the log says of a record's detail: the document's kind or the export's count, nothing else. */
function toDetail(detail: Record<string, unknown>): AdminVisaAccessRecord['detail'] {
  const documentKind = VISA_DOCUMENT_KINDS.find((kind) => kind === detail.kind);
  return {
    ...(documentKind ? { documentKind } : {}),
    ...(typeof detail.count === 'number' ? { count: detail.count } : {}),
  };
}

/**
 * Who looked at a submitted application's personal data, newest first (at most ACCESS_LOG_LIMIT),
 * CSV exports that listed it included; VISA_NOT_FOUND for a draft or an unknown id, as staff's page.
 */
export async function listAccessRecords(db: Db, applicationId: string): Promise<AdminVisaAccessLog> {
  const application = await findVisaApplication(db, applicationId);
  if (application.state === 'draft') throw new AppError('VISA_NOT_FOUND');
  const naming = or(
    eq(accessRecords.applicationId, application.id),
    arrayContains(accessRecords.applicationIds, [application.id]),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(accessRecords)
      .where(naming)
      .orderBy(desc(accessRecords.createdAt), desc(accessRecords.id))
      .limit(ACCESS_LOG_LIMIT),
    db.select({ total: count() }).from(accessRecords).where(naming),
  ]);
  return {
    records: rows.map((row) => ({
      id: row.id,
      // The table's check holds it to these kinds.
      kind: row.kind as AccessRecordKind,
      actor: { name: row.actorName, email: row.actorEmail },
      detail: toDetail(row.detail),
      ip: row.ip,
      at: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}

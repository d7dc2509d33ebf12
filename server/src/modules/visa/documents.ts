// An application's supporting documents (docs/decisions/016): one file per person and kind, PDF,
// JPEG or PNG by content, kept behind the storage interface under visa/<application>/<uuid>.<ext>;
// all of one account's together at most VISA_ACCOUNT_DOCUMENT_BYTES (docs/decisions/026).

import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { VISA_ACCOUNT_DOCUMENT_BYTES, type VisaDocument, type VisaDocumentKind } from '@aylal/shared/schemas/visa';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { visaApplications, visaDependants, visaDocuments } from '../../db/schema/visa.ts';
import { AppError } from '../../lib/app-error.ts';
import { checkUploadedFile } from '../../lib/file-check.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import { isUuid } from '../../lib/sql-text.ts';
import type { Storage } from '../../lib/storage.ts';
import { assertVisaEditable, findVisaApplication, lockVisaApplication } from './load.ts';
import { toVisaDocument } from './mapping.ts';

export interface VisaUpload {
  kind: VisaDocumentKind;
  /** The dependant it belongs to; the applicant's own when absent. */
  dependantId?: string;
  data: Buffer;
  fileName: string;
}

async function assertDependant(db: DbOrTx, applicationId: string, dependantId: string | undefined) {
  if (dependantId === undefined) return;
  const [row] = await db
    .select({ id: visaDependants.id })
    .from(visaDependants)
    .where(and(eq(visaDependants.id, dependantId), eq(visaDependants.applicationId, applicationId)))
    .limit(1);
  if (!row) throw new AppError('DEPENDANT_NOT_FOUND');
}

/** The bytes all the documents of one account's visa applications take. */
export async function storedDocumentBytes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${visaDocuments.size}), 0)`.mapWith(Number) })
    .from(visaDocuments)
    .innerJoin(visaApplications, eq(visaApplications.id, visaDocuments.applicationId))
    .where(eq(visaApplications.userId, userId));
  return row?.bytes ?? 0;
}

/** DOCUMENT_STORAGE_FULL, with what the web needs to say how much room is left. */
function storageFull(usedBytes: number, fileBytes: number) {
  return new AppError('DOCUMENT_STORAGE_FULL', { limitBytes: VISA_ACCOUNT_DOCUMENT_BYTES, usedBytes, fileBytes });
}

/**
 * Keeps a document, replacing that person's file of that kind. The application, its state and
 * the dependant are checked before the file is read, and the file passes its checks before
 * anything is written; answers the document and the replaced file to remove once committed.
 * DOCUMENT_STORAGE_FULL when the account's documents, the replaced file left out, would take
 * more than VISA_ACCOUNT_DOCUMENT_BYTES: counted under a lock per account, so two uploads racing
 * for the last room cannot both take it.
 */
export async function addVisaDocument(
  db: Db,
  storage: Storage,
  userId: string,
  id: string,
  upload: VisaUpload,
): Promise<{ document: VisaDocument; replaced: string | null }> {
  const application = await findVisaApplication(db, id, userId);
  assertVisaEditable(application);
  await assertDependant(db, application.id, upload.dependantId);
  // No room at all: refused before the file is read (the count under the lock below decides).
  const before = await storedDocumentBytes(db, userId);
  if (before >= VISA_ACCOUNT_DOCUMENT_BYTES) throw storageFull(before, upload.data.length);
  const { kind: file, data } = await checkUploadedFile(upload.data, ['pdf', 'jpeg', 'png']);
  const key = `visa/${application.id}/${randomUUID()}.${file.extension}`;
  await storage.put(key, data);
  try {
    return await db.transaction(async (tx) => {
      // Checked again under the lock: the state or the dependant may have changed meanwhile.
      assertVisaEditable(await lockVisaApplication(tx, id, userId));
      await assertDependant(tx, application.id, upload.dependantId);
      // Every upload of the account takes this lock after its application's, so one counts at a time.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('visa-documents'), hashtext(${userId}))`);
      const used = await storedDocumentBytes(tx, userId);
      const [old] = await tx
        .delete(visaDocuments)
        .where(
          and(
            eq(visaDocuments.applicationId, application.id),
            upload.dependantId ? eq(visaDocuments.dependantId, upload.dependantId) : isNull(visaDocuments.dependantId),
            eq(visaDocuments.kind, upload.kind),
          ),
        )
        .returning({ key: visaDocuments.fileKey, size: visaDocuments.size });
      if (used - (old?.size ?? 0) + data.length > VISA_ACCOUNT_DOCUMENT_BYTES) throw storageFull(used, data.length);
      const [row] = await tx
        .insert(visaDocuments)
        .values({
          applicationId: application.id,
          dependantId: upload.dependantId ?? null,
          kind: upload.kind,
          fileKey: key,
          fileName: cleanFileName(upload.fileName, file.extension),
          contentType: file.type,
          size: data.length,
        })
        .returning();
      await markVisaUpdated(tx, application.id);
      return { document: toVisaDocument(row!), replaced: old?.key ?? null };
    });
  } catch (error) {
    await storage.remove(key);
    throw error;
  }
}

/** The application changed (a document was added or removed): its `updatedAt` moves on. */
async function markVisaUpdated(tx: Tx, applicationId: string) {
  await tx.update(visaApplications).set({ updatedAt: new Date() }).where(eq(visaApplications.id, applicationId));
}

function whereDocument(applicationId: string, documentId: string) {
  if (!isUuid(documentId)) throw new AppError('DOCUMENT_NOT_FOUND');
  return and(eq(visaDocuments.id, documentId), eq(visaDocuments.applicationId, applicationId));
}

/**
 * A document's file and how to send it. `ownerId`: only the owner's (staff pass none); anyone
 * else's application is VISA_NOT_FOUND, a document not of it DOCUMENT_NOT_FOUND.
 */
export async function openVisaDocument(db: Db, storage: Storage, id: string, documentId: string, ownerId?: string) {
  const application = await findVisaApplication(db, id, ownerId);
  const [row] = await db.select().from(visaDocuments).where(whereDocument(application.id, documentId)).limit(1);
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
  const file = await storage.open(row.fileKey);
  if (!file) throw new AppError('DOCUMENT_NOT_FOUND');
  return { ...file, name: row.fileName, contentType: row.contentType };
}

/** Removes a document while the application may be changed; answers its file to remove once committed. */
export async function deleteVisaDocument(db: Db, userId: string, id: string, documentId: string): Promise<string> {
  return db.transaction(async (tx) => {
    const application = await lockVisaApplication(tx, id, userId);
    assertVisaEditable(application);
    const [row] = await tx
      .delete(visaDocuments)
      .where(whereDocument(application.id, documentId))
      .returning({ key: visaDocuments.fileKey });
    if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
    await markVisaUpdated(tx, application.id);
    return row.key;
  });
}

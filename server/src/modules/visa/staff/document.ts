// One of a visa application's files, opened by staff (docs/decisions/016).

import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { visaApplications, visaDocuments } from '../../../db/schema/visa.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUuid } from '../../../lib/sql-text.ts';
import type { Storage } from '../../../lib/storage.ts';
import { notDraft } from './list.ts';

/** One of the application's files for staff (not a draft's); DOCUMENT_NOT_FOUND for anything else. */
export async function openVisaDocumentForAdmin(db: Db, storage: Storage, id: string, documentId: string) {
  if (!isUuid(id)) throw new AppError('VISA_NOT_FOUND');
  if (!isUuid(documentId)) throw new AppError('DOCUMENT_NOT_FOUND');
  const [row] = await db
    .select({
      kind: visaDocuments.kind,
      dependantId: visaDocuments.dependantId,
      fileKey: visaDocuments.fileKey,
      fileName: visaDocuments.fileName,
      contentType: visaDocuments.contentType,
    })
    .from(visaDocuments)
    .innerJoin(visaApplications, eq(visaApplications.id, visaDocuments.applicationId))
    .where(and(eq(visaDocuments.id, documentId), eq(visaDocuments.applicationId, id), notDraft))
    .limit(1);
  if (!row) throw new AppError('DOCUMENT_NOT_FOUND');
  const file = await storage.open(row.fileKey);
  if (!file) throw new AppError('DOCUMENT_NOT_FOUND');
  return { ...file, name: row.fileName, contentType: row.contentType, kind: row.kind, dependantId: row.dependantId };
}

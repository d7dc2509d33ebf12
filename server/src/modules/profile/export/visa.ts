// The person's visa applications in their export (docs/decisions/015, 027): every answer, person,
// document, step and payment, with the staff's looks at them, and the documents' places in the ZIP.

import { arrayOverlaps, asc, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { pickColumns } from '../../../db/pick-columns.ts';
import { accessRecords } from '../../../db/schema/privacy.ts';
import { visaApplications, visaDependants, visaDocuments, visaEvents, visaPayments } from '../../../db/schema/visa.ts';
import { readForAny } from './read-for-any.ts';
import { zipFilesOf } from './zip-paths.ts';

/**
 * The visa applications with their parts; the access records that name them (a list export names
 * several, of which only theirs are said); `files`: the documents' stored keys and ZIP paths.
 * `publicUrl` makes each document's download link absolute.
 */
export async function readVisaExport(tx: Tx, userId: string, publicUrl: string) {
  const visas = await tx
    .select(
      pickColumns(visaApplications, [
        'id',
        'reference',
        'state',
        'country',
        'language',
        'form',
        'actionSection',
        'actionMessage',
        'submittedAt',
        'decidedAt',
        'heldAt',
        'holdReason',
        'embassyReceipt',
        'lodgedOn',
        'validFrom',
        'validTo',
        'purgedAt',
        'createdAt',
        'updatedAt',
      ]),
    )
    .from(visaApplications)
    .where(eq(visaApplications.userId, userId))
    .orderBy(asc(visaApplications.createdAt), asc(visaApplications.id));
  const visaIds = visas.map((visa) => visa.id);
  const people = await readForAny(visaIds, () =>
    tx
      .select()
      .from(visaDependants)
      .where(inArray(visaDependants.applicationId, visaIds))
      .orderBy(asc(visaDependants.applicationId), asc(visaDependants.position)),
  );
  const documents = await readForAny(visaIds, () =>
    tx
      .select(
        pickColumns(visaDocuments, [
          'id',
          'applicationId',
          'dependantId',
          'kind',
          'fileKey',
          'fileName',
          'contentType',
          'size',
          'createdAt',
        ]),
      )
      .from(visaDocuments)
      .where(inArray(visaDocuments.applicationId, visaIds))
      .orderBy(asc(visaDocuments.createdAt), asc(visaDocuments.id)),
  );
  const steps = await readForAny(visaIds, () =>
    tx
      .select(pickColumns(visaEvents, ['applicationId', 'kind', 'state', 'section', 'message', 'createdAt']))
      .from(visaEvents)
      .where(inArray(visaEvents.applicationId, visaIds))
      .orderBy(asc(visaEvents.createdAt), asc(visaEvents.id)),
  );
  const payments = await readForAny(visaIds, () =>
    tx
      .select(pickColumns(visaPayments, ['applicationId', 'state', 'amountUsd', 'createdAt', 'updatedAt']))
      .from(visaPayments)
      .where(inArray(visaPayments.applicationId, visaIds)),
  );
  const looks = await readForAny(visaIds, () =>
    tx
      .select(
        pickColumns(accessRecords, ['kind', 'actorName', 'applicationId', 'applicationIds', 'detail', 'createdAt']),
      )
      .from(accessRecords)
      .where(or(inArray(accessRecords.applicationId, visaIds), arrayOverlaps(accessRecords.applicationIds, visaIds)))
      .orderBy(asc(accessRecords.createdAt), asc(accessRecords.id)),
  );

  const paymentOf = new Map(payments.map(({ applicationId, ...payment }) => [applicationId, payment]));
  const referenceOf = new Map(visas.map((visa) => [visa.id, visa.reference]));
  const nameOf = new Map(people.map((person) => [person.id, `${person.firstName} ${person.lastName}`.trim()]));
  const files = zipFilesOf(documents, referenceOf, nameOf);
  return {
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
    // Records name applications by id only; a list export names several, of which only theirs are said.
    accessRecords: looks.map(({ applicationId, applicationIds, ...record }) => ({
      ...record,
      applications: [...new Set([applicationId, ...applicationIds])]
        .filter((id) => id !== null && referenceOf.has(id))
        .map((id) => ({ id: id!, reference: referenceOf.get(id!) ?? null })),
    })),
    files,
  };
}

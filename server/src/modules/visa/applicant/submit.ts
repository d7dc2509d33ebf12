// The applicant's submit of a visa application (docs/decisions/016): to staff from a draft, or
// again after the change staff asked for.

import { asc, eq, sql } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import {
  formatVisaReference,
  normalizePassport,
  visaProblems,
  type VisaApplication,
  type VisaSubmitRequest,
} from '@aylal/shared/schemas/visa';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/auth.ts';
import {
  visaApplications,
  visaDependants,
  visaEvents,
  visaPayments,
  visaReferenceSequence,
} from '../../../db/schema/visa.ts';
import { agencyToday } from '../../../lib/agency-clock.ts';
import { AppError } from '../../../lib/app-error.ts';
import { describeVisaProblem } from '../../../lib/messages.ts';
import type { Notifier } from '../../notifications/index.ts';
import { takeVisaConsent } from '../../privacy/index.ts';
import { assertVisaEditable, loadVisaParts, lockVisaApplication, visaProcessingPrice } from '../load.ts';
import { toVisaApplication, toVisaCopiedColumns, toVisaForm, visaName } from '../mapping.ts';
import { tellOfMove } from './tell.ts';

/**
 * Sends the application to staff (from draft), or sends it again after the change they asked
 * for (from action-required). Refused with every problem (VISA_INCOMPLETE) while something
 * required is missing or implausible. The first submit gives the reference, marks the person as
 * having a visa application, and records the paid processing chosen at today's price.
 */
export async function submitVisaApplication(
  db: Db,
  notifier: Notifier,
  userId: string,
  id: string,
  consent?: VisaSubmitRequest['consent'],
  language: Language = 'en',
): Promise<VisaApplication> {
  return db.transaction(async (tx) => {
    const row = await lockVisaApplication(tx, id, userId);
    assertVisaEditable(row);
    const stored = toVisaForm(row.form);
    const dependants = await tx
      .select()
      .from(visaDependants)
      .where(eq(visaDependants.applicationId, row.id))
      .orderBy(asc(visaDependants.position));
    const today = await agencyToday(tx);
    const problems = visaProblems(stored, dependants, today);
    if (problems.length) {
      // Each problem also in the caller's words, naming its field (and whose, for a dependant's).
      const whose = (path: string) => {
        const dependant = dependants.find((candidate) => path.startsWith(`dependants.${candidate.id}.`));
        return dependant ? visaName(dependant) : undefined;
      };
      throw new AppError('VISA_INCOMPLETE', {
        problems: problems.map((problem) => ({
          ...problem,
          text: describeVisaProblem(problem, language, whose(problem.path)),
        })),
      });
    }

    const [payment] = await tx.select().from(visaPayments).where(eq(visaPayments.applicationId, row.id)).limit(1);
    const price = await visaProcessingPrice(tx);
    if (stored.processing && !payment && price === 0) throw new AppError('VISA_PROCESSING_UNAVAILABLE');
    await takeVisaConsent(tx, { userId, applicationId: row.id, consent });

    const now = new Date();
    const first = row.state === 'draft';
    const reference = first
      ? formatVisaReference(
          Number(today.slice(0, 4)),
          Number(
            (await tx.execute<{ n: string }>(sql`select nextval(${visaReferenceSequence.seqName}) as n`)).rows[0]!.n,
          ),
        )
      : row.reference!;
    // Passport numbers as stored: upper case, no spaces.
    const form = { ...stored, passportNumber: normalizePassport(stored.passportNumber) };
    for (const dependant of dependants) {
      const passportNumber = normalizePassport(dependant.passportNumber);
      if (passportNumber !== dependant.passportNumber) {
        await tx.update(visaDependants).set({ passportNumber }).where(eq(visaDependants.id, dependant.id));
        dependant.passportNumber = passportNumber;
      }
    }
    const [updated] = await tx
      .update(visaApplications)
      .set({
        state: 'submitted',
        form,
        version: row.version + 1,
        reference,
        actionSection: null,
        actionMessage: null,
        updatedAt: now,
        ...(first ? { submittedAt: now } : {}),
        ...toVisaCopiedColumns(form, dependants, reference),
      })
      .where(eq(visaApplications.id, row.id))
      .returning();
    if (stored.processing && !payment && price > 0) {
      await tx.insert(visaPayments).values({ applicationId: row.id, amountUsd: price });
    }
    // Unchosen before sending again: a payment not yet made goes (one made stays for staff to refund).
    if (!stored.processing && payment?.state === 'awaiting-payment') {
      await tx.delete(visaPayments).where(eq(visaPayments.applicationId, row.id));
    }
    await tx.insert(visaEvents).values({
      applicationId: row.id,
      actorId: userId,
      kind: first ? 'submitted' : 'resubmitted',
      state: 'submitted',
    });
    // Marked as having a visa application before they are told.
    if (first) await tx.update(users).set({ hasVisa: true }).where(eq(users.id, userId));
    await tellOfMove(tx, notifier, row, userId, reference, {
      applicant: first ? 'visaSubmitted' : null,
      staff: first ? 'staffVisaSubmitted' : 'staffVisaResubmitted',
    });
    return toVisaApplication(await loadVisaParts(tx, updated!));
  });
}

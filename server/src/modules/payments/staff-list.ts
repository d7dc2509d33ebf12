// Staff's payments list (decision 033): every payment, newest first, with who paid and what for,
// filtered by state, method, purpose, the agency days it was made on and a search; the same rows
// as CSV in the reader's language. Reads the application's reference and the consultation's
// subject beside the payment; never a passport, an answer or a provider's secret.

import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import type { Language } from '@aylal/shared/i18n';
import { formatAmount } from '@aylal/shared/money';
import type { AdminPayment, AdminPayments, AdminPaymentsQuery } from '@aylal/shared/schemas/payments';
import adminEn from '@aylal/locales/en/admin.json' with { type: 'json' };
import adminMn from '@aylal/locales/mn/admin.json' with { type: 'json' };
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/auth.ts';
import { consultations } from '../../db/schema/consultations.ts';
import { payments } from '../../db/schema/payments.ts';
import { visaApplications } from '../../db/schema/visa.ts';
import { onAgencyDays } from '../../lib/agency-days.ts';
import { csvTime, columnsCsv } from '../../lib/csv.ts';
import { containsText, isUuid } from '../../lib/sql-text.ts';
import { toPayment } from './mapping.ts';

export type PaymentsFilter = Omit<AdminPaymentsQuery, 'page' | 'pageSize'>;

/** The most rows one CSV holds (the newest): a filter narrows a larger list. */
const EXPORT_LIMIT = 10_000;

function conditions(filter: PaymentsFilter, timeZone: string): SQL[] | null {
  const where: SQL[] = [];
  if (filter.visaApplicationId !== undefined) {
    if (!isUuid(filter.visaApplicationId)) return null;
    where.push(eq(payments.visaApplicationId, filter.visaApplicationId));
  }
  if (filter.consultationId !== undefined) {
    if (!isUuid(filter.consultationId)) return null;
    where.push(eq(payments.consultationId, filter.consultationId));
  }
  if (filter.state) where.push(eq(payments.state, filter.state));
  if (filter.method) where.push(eq(payments.method, filter.method));
  if (filter.purpose) where.push(eq(payments.purpose, filter.purpose));
  where.push(...onAgencyDays(payments.createdAt, filter.from, filter.to, timeZone));
  if (filter.q) {
    where.push(
      or(
        containsText(users.name, filter.q),
        containsText(users.email, filter.q),
        containsText(visaApplications.reference, filter.q),
      )!,
    );
  }
  return where;
}

function select(db: Db, where: SQL[]) {
  return db
    .select({
      payment: payments,
      payer: { id: users.id, name: users.name, email: users.email },
      reference: visaApplications.reference,
      consultation: {
        id: consultations.id,
        titleEn: consultations.tripTitleEn,
        titleMn: consultations.tripTitleMn,
        startsAt: consultations.startsAt,
      },
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(visaApplications, eq(visaApplications.id, payments.visaApplicationId))
    .leftJoin(consultations, eq(consultations.id, payments.consultationId))
    .where(and(...where))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

type Row = Awaited<ReturnType<typeof select>>[number];

function toAdminPayment(row: Row): AdminPayment {
  const { payment, payer, reference, consultation } = row;
  return {
    ...toPayment(payment),
    payer: payer?.id ? { id: payer.id, name: payer.name, email: payer.email } : null,
    visaApplication: payment.visaApplicationId ? { id: payment.visaApplicationId, reference } : null,
    consultation: consultation?.id
      ? {
          id: consultation.id,
          title: { en: consultation.titleEn, mn: consultation.titleMn },
          startsAt: consultation.startsAt.toISOString(),
        }
      : null,
  };
}

/** One page of the list and how many payments the filter finds. */
export async function listPayments(db: Db, query: AdminPaymentsQuery, timeZone: string): Promise<AdminPayments> {
  const { page, pageSize, ...filter } = query;
  const where = conditions(filter, timeZone);
  if (!where) return { items: [], total: 0 };
  const [rows, [counted]] = await Promise.all([
    select(db, where)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(visaApplications, eq(visaApplications.id, payments.visaApplicationId))
      .where(and(...where)),
  ]);
  return { items: rows.map(toAdminPayment), total: counted?.total ?? 0 };
}

/** The filtered payments for a CSV, newest first (at most EXPORT_LIMIT). */
export async function paymentsForExport(db: Db, filter: PaymentsFilter, timeZone: string): Promise<AdminPayment[]> {
  const where = conditions(filter, timeZone);
  if (!where) return [];
  return (await select(db, where).limit(EXPORT_LIMIT)).map(toAdminPayment);
}

const WORDS = { en: adminEn.payments, mn: adminMn.payments };

/** What a payment was for, as a line of the CSV: "Visa processing V-2026-00042", "Consultation fee: Gobi…". */
function subject(payment: AdminPayment, language: Language): string {
  const words = WORDS[language];
  if (payment.visaApplication) return `${words.purposes['visa-processing']} ${payment.visaApplication.reference ?? ''}`;
  const title = payment.consultation ? payment.consultation.title[language] || payment.consultation.title.en : '';
  return title ? `${words.purposes.consultation}: ${title}` : words.purposes[payment.purpose];
}

/**
 * The payments as CSV in the reader's language (UTF-8 with a byte order mark for Excel): when
 * made and paid (the agency's time), the payer, what for, how, the amount and what was given back.
 */
export function paymentsCsv(rows: AdminPayment[], language: Language, timeZone: string): string {
  const words = WORDS[language];
  return columnsCsv(rows, [
    [words.columns.made, (payment) => csvTime(payment.createdAt, timeZone)],
    [words.columns.paid, (payment) => (payment.paidAt ? csvTime(payment.paidAt, timeZone) : '')],
    [words.columns.payer, (payment) => payment.payer?.name ?? words.deletedAccount],
    [words.columns.email, (payment) => payment.payer?.email ?? ''],
    [words.columns.for, (payment) => subject(payment, language)],
    [words.columns.method, (payment) => words.methods[payment.method]],
    [words.columns.state, (payment) => words.states[payment.state]],
    [words.columns.amount, (payment) => formatAmount(payment.amount, payment.currency, language)],
    [words.columns.currency, (payment) => payment.currency],
    [
      words.columns.givenBack,
      (payment) => (payment.refunded > 0 ? formatAmount(payment.refunded, payment.currency, language) : ''),
    ],
    [words.columns.reference, (payment) => payment.id],
  ]);
}

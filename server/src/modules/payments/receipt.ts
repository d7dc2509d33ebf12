// Receipts (issue 25, decision 033): what a paid payment was, in the payer's language: its number,
// what it paid for, the amount, how and when. Emailed once when it becomes paid (through the
// delivery queue, in the payment's transaction, whatever the payer's notification choices: it is
// a record of money), and drawn as a PDF on request (receipt-pdf.ts, in the PDF pool's threads).
// No passport, answer or provider secret: the application's reference, the consultation's subject.

import { eq } from 'drizzle-orm';
import { formatDate } from '@aylal/shared/dates';
import type { Language } from '@aylal/shared/i18n';
import { formatAmount } from '@aylal/shared/money';
import { interpolate } from '@aylal/shared/notifications';
import { receiptNumber, type PaymentCurrency, type PaymentMethod } from '@aylal/shared/payment-rules';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import commonEn from '@aylal/locales/en/common.json' with { type: 'json' };
import commonMn from '@aylal/locales/mn/common.json' with { type: 'json' };
import type { DbOrTx, Tx } from '../../db/client.ts';
import { consultations } from '../../db/schema/consultations.ts';
import { visaApplications } from '../../db/schema/visa.ts';
import { enqueueEmail } from '../../delivery/outbox.ts';
import { getWorkingHours } from '../../lib/agency-clock.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mail } from '../../mail/mailer.ts';
import { loadRecipients } from '../notifications/index.ts';
import type { PaymentRow } from './states.ts';

export const RECEIPT_WORDS = { en: commonEn.receipt, mn: commonMn.receipt };

/** A receipt's lines, written out in one language: plain data, so it crosses to a PDF thread. */
export interface Receipt {
  number: string;
  /** What it paid for: "Visa processing, application V-2026-00042". */
  paidFor: string;
  amount: string;
  method: string;
  paidAt: string;
  payer: string;
  /** What was given back since, or null. */
  refunded: string | null;
  agency: string;
  /** The agency's office address from Settings ('' when not given). */
  address: string;
}

/** What `payment` paid for, in `language`. */
async function paidFor(db: DbOrTx, payment: PaymentRow, language: Language, timeZone: string): Promise<string> {
  const words = RECEIPT_WORDS[language];
  if (payment.visaApplicationId) {
    const [application] = await db
      .select({ reference: visaApplications.reference })
      .from(visaApplications)
      .where(eq(visaApplications.id, payment.visaApplicationId));
    return interpolate(words.visaProcessing, { reference: application?.reference ?? '' });
  }
  if (payment.consultationId) {
    const [consultation] = await db
      .select({ en: consultations.tripTitleEn, mn: consultations.tripTitleMn, startsAt: consultations.startsAt })
      .from(consultations)
      .where(eq(consultations.id, payment.consultationId));
    if (consultation) {
      return interpolate(words.consultationFee, {
        title: consultation[language] || consultation.en,
        when: formatDate(consultation.startsAt, language, { timeZone }),
      });
    }
  }
  // What it paid for is gone (deleted with its account): the receipt stands without it.
  return words.title;
}

/** The receipt of a paid payment (or one refunded since), for `payerName`, in `language`. */
export async function receiptOf(
  db: DbOrTx,
  payment: PaymentRow,
  payerName: string,
  language: Language,
): Promise<Receipt> {
  const words = RECEIPT_WORDS[language];
  const { timeZone, officeAddress } = await getWorkingHours(db);
  const currency = payment.currency as PaymentCurrency;
  return {
    number: receiptNumber(payment.id),
    paidFor: await paidFor(db, payment, language, timeZone),
    amount: formatAmount(payment.amount, currency, language),
    method: words.methods[payment.method as PaymentMethod],
    paidAt: formatDateTimeInZone(payment.paidAt ?? payment.updatedAt, language, timeZone),
    payer: payerName,
    refunded: payment.refunded > 0 ? formatAmount(payment.refunded, currency, language) : null,
    agency: words.agency,
    address: officeAddress,
  };
}

/** The receipt as its email: the subject names only the number. */
export function receiptMail(receipt: Receipt, to: string, name: string, language: Language, url: string): Mail {
  const words = RECEIPT_WORDS[language];
  const lines: [string, string][] = [
    [words.number, receipt.number],
    [words.for, receipt.paidFor],
    [words.amount, receipt.amount],
    [words.method, receipt.method],
    [words.paidAt, receipt.paidAt],
  ];
  const greeting = interpolate(words.greeting, { name });
  return {
    to,
    subject: interpolate(words.subject, { number: receipt.number }),
    text: `${greeting}\n\n${words.body}\n\n${lines.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${words.open}: ${url}\n\n${receipt.agency}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(words.body)}</p><table>` +
      lines
        .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
        .join('') +
      `</table><p><a href="${escapeHtml(url)}">${escapeHtml(words.open)}</a></p><p>${escapeHtml(receipt.agency)}</p>`,
  };
}

/** Where the payer sees what they paid for. */
export function paymentPage(publicUrl: string, payment: PaymentRow): string {
  if (payment.visaApplicationId) return `${publicUrl}/visa/${payment.visaApplicationId}`;
  return `${publicUrl}/consultations`;
}

/**
 * Queues the receipt of a payment just made paid, to its payer, in the payment's transaction; its
 * message id is the payment's, so it is one email however the payment came to be paid.
 */
export async function enqueueReceipt(tx: Tx, payment: PaymentRow, publicUrl: string): Promise<void> {
  if (!payment.userId) return;
  const [payer] = await loadRecipients(tx, { ids: [payment.userId] });
  if (!payer?.email) return;
  const receipt = await receiptOf(tx, payment, payer.name, payer.language);
  const mail = receiptMail(receipt, payer.email, payer.name, payer.language, paymentPage(publicUrl, payment));
  await enqueueEmail(tx, { ...mail, messageId: `<receipt-${payment.id}@aylal>` });
}

// Consultation fees (issue 25, decision 033): what the payments module may ask of a consultation.
// The fee is fixed when booked; paying it confirms a pending consultation; cancelling marks whether
// it goes back (traveller.ts, back-office.ts), and the payments module gives it back and clears
// the mark.
import { and, eq, sql } from 'drizzle-orm';
import { isActive, type ConsultationState } from '@aylal/shared/consultation-rules';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { consultationEvents, consultations } from '../../db/schema/consultations.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/sql-text.ts';
import type { ConsultationMail } from './mail.ts';

/** What a payment of a consultation's fee is for. */
export interface FeeDue {
  priceUsd: number;
  /** What the bank app or card page shows: never a name or what it is about. */
  description: string;
  /** The traveller who owes it. */
  userId: string;
}

/**
 * The fee owed on a consultation: booked with a fee, not paid yet, still pending or confirmed and
 * not started. With `userId` (the traveller paying), anyone else's is not found; staff recording
 * cash pass none.
 */
export async function consultationFeeDue(db: DbOrTx, id: string, userId?: string, now = new Date()): Promise<FeeDue> {
  if (!isUuid(id)) throw new AppError('CONSULTATION_NOT_FOUND');
  const [row] = await db
    .select()
    .from(consultations)
    .where(and(eq(consultations.id, id), userId === undefined ? undefined : eq(consultations.userId, userId)));
  if (!row) throw new AppError('CONSULTATION_NOT_FOUND');
  const open = isActive(row.state as ConsultationState) && row.startsAt > now;
  if (row.feeUsd === 0 || row.feePaidAt || !open) throw new AppError('PAYMENT_NOT_DUE');
  return {
    priceUsd: row.feeUsd,
    description: `Aylal consultation ${row.id.slice(0, 8).toUpperCase()}`,
    userId: row.userId,
  };
}

/**
 * Its fee paid, in the payment's transaction: a pending consultation is confirmed (the traveller
 * told as when staff confirm); one cancelled meanwhile gets the money back.
 */
export async function consultationFeePaid(tx: Tx, mail: ConsultationMail, id: string, now = new Date()): Promise<void> {
  const [current] = await tx.select().from(consultations).where(eq(consultations.id, id)).for('update');
  if (!current || current.feePaidAt) return;
  const confirm = current.state === 'pending';
  const [updated] = await tx
    .update(consultations)
    .set({
      feePaidAt: now,
      ...(confirm ? { state: 'confirmed', sequence: current.sequence + 1, updatedAt: now } : {}),
      ...(current.state === 'cancelled' ? { feeRefundDue: true } : {}),
    })
    .where(eq(consultations.id, id))
    .returning();
  await tx.insert(consultationEvents).values({ consultationId: id, actorId: null, kind: 'paid' });
  if (confirm) await mail.changed(tx, updated!, 'confirmed', null);
}

/** Consultations whose fee is to be given back (cancelled in time, or by the agency), oldest first. */
export async function consultationFeesDueBack(db: Db, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: consultations.id })
    .from(consultations)
    .where(eq(consultations.feeRefundDue, true))
    .orderBy(sql`${consultations.updatedAt}`)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * Nothing more to give back: what was paid went back (`refunded`: the traveller sees so), or
 * nothing had been paid, or its refund failed and is in staff's hands.
 */
export async function consultationFeeSettled(db: Db, id: string, refunded: boolean): Promise<void> {
  await db
    .update(consultations)
    .set({ feeRefundDue: false, ...(refunded ? { feeRefundedAt: new Date() } : {}) })
    .where(eq(consultations.id, id));
}

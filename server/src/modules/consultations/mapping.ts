import {
  locationOf,
  canCancel,
  canReschedule,
  isActive,
  type AdminConsultation,
  type AdminConsultationDetail,
  type Consultation,
  type ConsultationEventKind,
  type ConsultationState,
} from '@aylal/shared/schemas/consultations';
import type { consultationEvents, consultations } from '../../db/schema/consultations.ts';

/** A row of `consultations` as Drizzle reads it. */
export type ConsultationRow = typeof consultations.$inferSelect;

/** The traveller a consultation belongs to, as the back office shows them. */
export interface Traveller {
  id: string;
  name: string;
  email: string;
}

/** A row of `consultation_events` with the name and role of whoever acted (null once they are deleted). */
export type EventRow = Pick<
  typeof consultationEvents.$inferSelect,
  'id' | 'kind' | 'note' | 'previousStartsAt' | 'createdAt' | 'actorId'
> & { actorName: string | null; actorRole: string | null };

const tripRef = (row: ConsultationRow): Consultation['trip'] =>
  row.tripId || row.tripTitleEn || row.tripTitleMn
    ? { id: row.tripId, title: { en: row.tripTitleEn, mn: row.tripTitleMn } }
    : null;

/** A consultation as anyone may read it, without what the policy still allows its owner. */
function readConsultation(
  row: ConsultationRow,
  officeAddress: string,
): Omit<Consultation, 'canCancel' | 'canReschedule'> {
  return {
    id: row.id,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    state: row.state as ConsultationState,
    trip: tripRef(row),
    visaApplicationId: row.visaApplicationId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    location: locationOf(row.place, row.videoUrl, officeAddress),
    fee:
      row.feeUsd > 0
        ? {
            amountUsd: row.feeUsd,
            paidAt: row.feePaidAt?.toISOString() ?? null,
            refundDue: row.feeRefundDue,
            refundedAt: row.feeRefundedAt?.toISOString() ?? null,
          }
        : null,
  };
}

/**
 * The traveller's own view: with what the policy still lets them do at `now`, and where it
 * happens while it is pending or confirmed (decision 008).
 */
export function toConsultation(row: ConsultationRow, now: Date, officeAddress: string): Consultation {
  const active = isActive(row.state as ConsultationState);
  const read = readConsultation(row, officeAddress);
  return {
    ...read,
    location: active ? read.location : null,
    canCancel: active && canCancel(row.startsAt, now),
    canReschedule: active && canReschedule(row.startsAt, now),
  };
}

/** The back office's view: with the traveller and the version staff act on. */
export function toAdminConsultation(
  row: ConsultationRow,
  traveller: Traveller,
  officeAddress: string,
): AdminConsultation {
  return { ...readConsultation(row, officeAddress), user: traveller, version: row.sequence };
}

/** The back office's view with the history; staff are told apart from the traveller acting on their own. */
export function toAdminDetail(
  row: ConsultationRow,
  traveller: Traveller,
  events: EventRow[],
  officeAddress: string,
): AdminConsultationDetail {
  return {
    ...toAdminConsultation(row, traveller, officeAddress),
    events: events.map((event) => ({
      id: event.id,
      kind: event.kind as ConsultationEventKind,
      note: event.note,
      previousStartsAt: event.previousStartsAt?.toISOString() ?? null,
      actor: event.actorName
        ? { name: event.actorName, isStaff: event.actorId !== row.userId && event.actorRole === 'admin' }
        : null,
      at: event.createdAt.toISOString(),
    })),
  };
}

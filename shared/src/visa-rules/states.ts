// Where a visa application stands (docs/decisions/016): its states, staff's actions, the history's
// kinds, and which states allow what.

/**
 * Where an application stands. A draft is the applicant's alone; submitting sends it to staff,
 * who review it, may ask for a change (the applicant changes that section and submits again),
 * lodge it with the embassy, and record the embassy's answer. The applicant may withdraw before
 * it is lodged.
 */
export const VISA_STATES = [
  'draft',
  'submitted',
  'in-review',
  'action-required',
  'lodged',
  'approved',
  'refused',
  'withdrawn',
] as const;
export type VisaState = (typeof VISA_STATES)[number];

/** States in which the applicant may change their answers, dependants and documents. */
export const VISA_EDITABLE_STATES = ['draft', 'action-required'] as const satisfies readonly VisaState[];
/** States from which the applicant may withdraw (a draft is deleted instead). */
export const VISA_WITHDRAWABLE_STATES = [
  'submitted',
  'in-review',
  'action-required',
] as const satisfies readonly VisaState[];

/** The outcomes: the retention schedule counts from the day an application reached one (docs/decisions/027). */
export const VISA_DECIDED_STATES = ['approved', 'refused', 'withdrawn'] as const satisfies readonly VisaState[];
export type VisaDecidedState = (typeof VISA_DECIDED_STATES)[number];
export function isVisaDecided(state: VisaState): state is VisaDecidedState {
  return (VISA_DECIDED_STATES as readonly VisaState[]).includes(state);
}

export function isVisaEditable(state: VisaState): boolean {
  return (VISA_EDITABLE_STATES as readonly VisaState[]).includes(state);
}
export function canWithdrawVisa(state: VisaState): boolean {
  return (VISA_WITHDRAWABLE_STATES as readonly VisaState[]).includes(state);
}

/** What staff may do to an application, and the state each leads to. */
export const VISA_STAFF_ACTIONS = {
  'start-review': { from: ['submitted'], to: 'in-review' },
  'request-action': { from: ['submitted', 'in-review'], to: 'action-required' },
  lodge: { from: ['in-review'], to: 'lodged' },
  approve: { from: ['lodged'], to: 'approved' },
  refuse: { from: ['lodged'], to: 'refused' },
} as const satisfies Record<string, { from: readonly VisaState[]; to: VisaState }>;
export type VisaStaffAction = keyof typeof VISA_STAFF_ACTIONS;
export const VISA_STAFF_ACTION_NAMES = Object.keys(VISA_STAFF_ACTIONS) as VisaStaffAction[];

/** The staff actions an application in `state` allows, in the order the back office offers them. */
export function staffActionsFor(state: VisaState): VisaStaffAction[] {
  return VISA_STAFF_ACTION_NAMES.filter((action) =>
    (VISA_STAFF_ACTIONS[action].from as readonly VisaState[]).includes(state),
  );
}

/**
 * What an application's history records (`visa_events.kind`): each state change, the applicant's
 * own steps, staff notes (never shown to the applicant) and payment changes.
 */
export const VISA_EVENT_KINDS = [
  'created',
  'submitted',
  'resubmitted',
  'withdrawn',
  'start-review',
  'request-action',
  'lodge',
  'approve',
  'refuse',
  'note',
  'payment',
  // Staff keep it from the retention schedule, or let it go again; the sweep deleted its documents.
  'hold',
  'release',
  'purged',
] as const;
export type VisaEventKind = (typeof VISA_EVENT_KINDS)[number];
/** History rows only staff see: their notes and holds (the reason may be about the applicant). */
export const VISA_STAFF_ONLY_EVENTS = ['note', 'hold', 'release'] as const satisfies readonly VisaEventKind[];
export function isStaffOnlyVisaEvent(kind: string): boolean {
  return (VISA_STAFF_ONLY_EVENTS as readonly string[]).includes(kind);
}

/**
 * Applications a consultation may be about (spec section 4: only once the application is saved,
 * which is submitting): any submitted one, whatever has happened since, unless withdrawn.
 */
export const VISA_CONSULTABLE_STATES = [
  'submitted',
  'in-review',
  'action-required',
  'lodged',
  'approved',
  'refused',
] as const satisfies readonly VisaState[];
export function canConsultAbout(state: VisaState): boolean {
  return (VISA_CONSULTABLE_STATES as readonly VisaState[]).includes(state);
}

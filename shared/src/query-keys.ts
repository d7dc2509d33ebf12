/**
 * The web app's query-cache keys, written once. The web app's `api/` files ask and forget data
 * under them, and the server seeds the cache of a page it draws under the very same keys
 * (`PageData.queries`, read back by web/src/lib/query-client.ts). Each key starts with its
 * family, so forgetting a family (`trips.all`) forgets every list and page of it.
 *
 * What a change forgets is written here too (`changed`), next to the keys: an admin's edit of a
 * trip forgets the back office's trip lists, that trip's back-office copy, the public trip lists
 * and that trip's public page, and nothing else.
 */
import type { NotificationTopic } from './notifications.ts';

export type QueryKey = readonly unknown[];

export const queryKeys = {
  publicConfig: ['public-config'],
  trips: {
    all: ['trips'],
    lists: ['trips', 'list'],
    /** The public list, by its search as the page's URL writes it (API parameters). */
    list: (search: string) => ['trips', 'list', search] as const,
    detail: (id: string) => ['trips', 'detail', id] as const,
  },
  jobs: {
    all: ['jobs'],
    lists: ['jobs', 'list'],
    list: (search: string) => ['jobs', 'list', search] as const,
    detail: (id: string) => ['jobs', 'detail', id] as const,
  },
  /** The signed-in person's applications (per user: a sign-out and in does not show another's). */
  myApplications: {
    all: ['applications'],
    of: (userId: string | null) => ['applications', userId] as const,
  },
  cv: ['cv'],
  /** The signed-in person's visa applications: the list and each one (with its dependants and documents). */
  visa: {
    all: ['visa'],
    mine: ['visa', 'mine'],
    detail: (id: string) => ['visa', 'detail', id] as const,
  },
  /** A payment its payer follows until it ends (docs/decisions/033). */
  payment: (id: string | null) => ['payments', id] as const,
  /** The signed-in person's profile. */
  profile: ['profile'],
  /** The signed-in person's timeline (per user, as their applications). */
  timeline: {
    all: ['timeline'],
    of: (userId: string | null) => ['timeline', userId] as const,
  },
  /** The signed-in person's account: their signed-in devices and how they sign in. */
  account: {
    all: ['account'],
    sessions: ['account', 'sessions'],
    signIns: ['account', 'sign-ins'],
    /** Their second factor and how this session was made (docs/decisions/023). */
    secondFactor: ['account', 'second-factor'],
  },
  consultations: {
    all: ['consultations'],
    slots: ['consultations', 'slots'],
    mine: ['consultations', 'mine'],
  },
  /**
   * The signed-in person's own notifications: their pages (`list`, by page, size and filter) and
   * the unread count the bell's dot shows. The live stream (web/src/lib/live.ts) writes both.
   */
  notifications: {
    all: ['notifications'],
    lists: ['notifications', 'list'],
    list: (filter: object) => ['notifications', 'list', filter] as const,
    unread: ['notifications', 'unread'],
  },
  admin: {
    /** The staff feed, read state per admin; `unread` is the sidebar's badge. */
    notifications: {
      all: ['admin', 'notifications'],
      lists: ['admin', 'notifications', 'list'],
      list: (filter: object) => ['admin', 'notifications', 'list', filter] as const,
      unread: ['admin', 'notifications', 'unread'],
    },
    trips: {
      all: ['admin', 'trips'],
      list: (filter: object) => ['admin', 'trips', 'list', filter] as const,
      detail: (id: string | undefined) => ['admin', 'trips', 'detail', id] as const,
    },
    jobs: {
      all: ['admin', 'jobs'],
      list: (filter: object) => ['admin', 'jobs', 'list', filter] as const,
      detail: (id: string | undefined) => ['admin', 'jobs', 'detail', id] as const,
    },
    applications: {
      all: ['admin', 'applications'],
      list: (filter: object) => ['admin', 'applications', 'list', filter] as const,
      detail: (id: string | null) => ['admin', 'applications', 'detail', id] as const,
    },
    consultations: {
      all: ['admin', 'consultations'],
      list: (filter: object) => ['admin', 'consultations', 'list', filter] as const,
      calendar: (from: string, to: string) => ['admin', 'consultations', 'calendar', from, to] as const,
      detail: (id: string) => ['admin', 'consultations', 'one', id] as const,
      tripChoices: ['admin', 'consultations', 'trip-choices'],
    },
    /** The staff dashboard, by its period in days (asked afresh on every visit). */
    dashboard: (days: number) => ['admin', 'dashboard', days] as const,
    users: {
      all: ['admin', 'users'],
      list: (filter: object) => ['admin', 'users', 'list', filter] as const,
      counts: ['admin', 'users', 'counts'],
    },
    workingHours: ['admin', 'settings', 'consultation-hours'],
    visa: {
      all: ['admin', 'visa'],
      lists: ['admin', 'visa', 'list'],
      list: (filter: object) => ['admin', 'visa', 'list', filter] as const,
      detail: (id: string) => ['admin', 'visa', 'detail', id] as const,
      /** Its payments (under its detail: forgetting the application forgets them). */
      payments: (id: string) => ['admin', 'visa', 'detail', id, 'payments'] as const,
      /** Who looked at the application's personal data (docs/decisions/027). */
      accessLog: (id: string) => ['admin', 'visa', 'access-log', id] as const,
    },
    /** Staff's payments list (every payment, or filtered). */
    payments: {
      all: ['admin', 'payments'],
      list: (filter: object) => ['admin', 'payments', 'list', filter] as const,
    },
    visaSettings: ['admin', 'settings', 'visa'],
    retention: ['admin', 'settings', 'retention'],
    /** Emails and pushes that failed or are being retried (Settings). */
    deliveries: ['admin', 'deliveries'],
    /** One record's staff changes (docs/decisions/018), by kind and id. */
    history: {
      all: ['admin', 'history'],
      of: (entity: string, id: string) => ['admin', 'history', entity, id] as const,
    },
    contact: {
      lists: ['admin', 'contact', 'list'],
      list: (filter: object) => ['admin', 'contact', 'list', filter] as const,
      detail: (id: string) => ['admin', 'contact', 'detail', id] as const,
      /** The admins, by name (the inbox's assignee filter). */
      staff: ['admin', 'contact', 'staff'],
    },
  },
  /** The signed-in person's own contact messages. */
  contact: {
    mine: ['contact', 'mine'],
    /** The server's token of when the contact form opened (docs/decisions/025). */
    formToken: ['contact', 'form-token'],
  },
} as const;

/** What each change makes stale: the keys (prefixes) to forget after it. */
export const changed = {
  /**
   * A trip was created, edited, had its status, pictures or order changed, or was deleted: the
   * lists (it may enter, leave or move in any of them) and its own pages, public and back office.
   */
  trip: (id?: string): QueryKey[] => [
    queryKeys.admin.trips.all,
    queryKeys.trips.lists,
    ...(id ? [queryKeys.admin.trips.detail(id), queryKeys.trips.detail(id)] : []),
    // The back office's consultation filter lists trips by title.
    queryKeys.admin.consultations.tripChoices,
    queryKeys.admin.history.all,
  ],
  /** A job was created, edited, had its status or materials changed, or was deleted (as a trip). */
  job: (id?: string): QueryKey[] => [
    queryKeys.admin.jobs.all,
    queryKeys.jobs.lists,
    ...(id ? [queryKeys.admin.jobs.detail(id), queryKeys.jobs.detail(id)] : []),
    queryKeys.admin.history.all,
  ],
  /** Staff moved applications on: their lists and pages, and the jobs' application counts. */
  applications: (): QueryKey[] => [
    queryKeys.admin.applications.all,
    queryKeys.admin.jobs.all,
    queryKeys.admin.history.all,
  ],
  /** A consultation was booked, moved, cancelled or acted on: every list of them and the open slots. */
  consultations: (): QueryKey[] => [
    queryKeys.admin.consultations.all,
    queryKeys.consultations.all,
    queryKeys.timeline.all,
  ],
  /** The working hours changed: the open slots follow them. */
  workingHours: (): QueryKey[] => [queryKeys.consultations.slots, queryKeys.admin.history.all],
  /** Notifications were read, marked unread or deleted: their lists and unread counts. */
  notifications: (): QueryKey[] => [queryKeys.notifications.all],
  staffNotifications: (): QueryKey[] => [queryKeys.admin.notifications.all],
  /** The applicant changed, submitted, withdrew or deleted an application: their list and that application. */
  visa: (id?: string): QueryKey[] => [
    queryKeys.visa.mine,
    ...(id ? [queryKeys.visa.detail(id)] : []),
    queryKeys.timeline.all,
  ],
  /**
   * Staff refunded or recorded a payment: the payments list, and what it paid for (an application's
   * page and lists; a consultation's fee on staff's and the traveller's lists).
   */
  payment: (visaApplicationId?: string): QueryKey[] => [
    queryKeys.admin.payments.all,
    queryKeys.admin.visa.lists,
    ...(visaApplicationId ? [queryKeys.admin.visa.detail(visaApplicationId)] : []),
    queryKeys.admin.consultations.all,
  ],
  /** Staff acted on an application (state, note, payment): the back office's lists and its page. */
  staffVisa: (id?: string): QueryKey[] => [
    queryKeys.admin.visa.lists,
    ...(id ? [queryKeys.admin.visa.detail(id)] : []),
  ],
  /**
   * New work reached staff, as a staff notification on the live stream (web/src/lib/live.ts): a
   * booking, a job application, a visa application sent, sent again or withdrawn, a message. The
   * back office's lists and record pages of its topic, so an open one follows without a reload.
   */
  staffNews: (topic: NotificationTopic): QueryKey[] =>
    ({
      bookings: [queryKeys.admin.consultations.all],
      applications: [queryKeys.admin.applications.all, queryKeys.admin.jobs.all],
      visa: [queryKeys.admin.visa.all],
      messages: [queryKeys.admin.contact.lists, ['admin', 'contact', 'detail']],
    })[topic],
  /** Staff changed a conversation (or several): the inbox's lists and its page. */
  staffContact: (id?: string): QueryKey[] => [
    queryKeys.admin.contact.lists,
    ...(id ? [queryKeys.admin.contact.detail(id)] : []),
    queryKeys.admin.history.all,
  ],
  /** A person sent a message: their own list, and the form's token (the next form opens anew). */
  contact: (): QueryKey[] => [queryKeys.contact.mine, queryKeys.contact.formToken],
  /** A user's role changed: the users, and the admins the inbox filters by. */
  users: (): QueryKey[] => [queryKeys.admin.users.all, queryKeys.admin.contact.staff, queryKeys.admin.history.all],
  /** Staff changed a setting (the visa price): its history. */
  settings: (): QueryKey[] => [queryKeys.admin.history.all],
};

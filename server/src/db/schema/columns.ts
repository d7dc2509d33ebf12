// Column builders every table spells the same way (in UTC: each moment is `timestamp with time zone`).

import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A moment: `timestamp with time zone`, as every moment in the schema is kept. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** The row's own id: a random uuid, the primary key. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written (`created_at`, now by default). */
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** When the row last changed (`updated_at`, now by default). */
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

/** The uuid of the row this one is part of (an event of a conversation, a file of a job): deleted with it. */
export const partOf = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

import { pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/** Small key/value facts about this installation (for example which demo seeds have run). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

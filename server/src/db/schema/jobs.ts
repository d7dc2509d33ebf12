import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, partOf, timestamptz, updatedAt } from './columns.ts';
import type { Cv } from '@aylal/shared/schemas/cv';
import { ownedByUser, users } from './auth.ts';

/**
 * A job abroad the agency recruits for. Lists (requirements, responsibilities, benefits) are
 * written one item per line, in each language.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    status: text('status').notNull().default('draft'),
    titleEn: text('title_en').notNull().default(''),
    titleMn: text('title_mn').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    descriptionMn: text('description_mn').notNull().default(''),
    company: text('company').notNull(),
    locationEn: text('location_en').notNull().default(''),
    locationMn: text('location_mn').notNull().default(''),
    type: text('type').notNull(),
    requirementsEn: text('requirements_en').notNull().default(''),
    requirementsMn: text('requirements_mn').notNull().default(''),
    responsibilitiesEn: text('responsibilities_en').notNull().default(''),
    responsibilitiesMn: text('responsibilities_mn').notNull().default(''),
    benefitsEn: text('benefits_en').notNull().default(''),
    benefitsMn: text('benefits_mn').notNull().default(''),
    /** Skills in English (the column kept its first name) and in Mongolian. */
    skillsEn: text('skills')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    skillsMn: text('skills_mn')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The last day to apply, on the agency's calendar. */
    deadline: date('deadline', { mode: 'string' }).notNull(),
    /** When the job was first published (the "posted" date); null while it never was. */
    postedAt: timestamptz('posted_at'),
    /** Lower-cased titles, company, places and skills, matched by the text search (trigram indexed). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('jobs_status_check', sql`${table.status} in ('draft', 'published', 'closed')`),
    check('jobs_type_check', sql`${table.type} in ('full-time', 'part-time', 'contract', 'remote')`),
    index('jobs_published_posted_idx')
      .on(table.postedAt.desc(), table.id)
      .where(sql`${table.status} = 'published'`),
    index('jobs_search_text_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Files the employer provides (forms, leaflets), in order; stored behind the storage interface. */
export const jobMaterials = pgTable(
  'job_materials',
  {
    id: id(),
    jobId: partOf('job_id', () => jobs.id),
    position: integer('position').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('job_materials_job_position_idx').on(table.jobId, table.position)],
);

/** A user's one CV, as a document; `version` rises with every save. */
export const cvs = pgTable('cvs', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Cv>().notNull(),
  version: integer('version').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * An application: the CV as it was sent (a snapshot), and where staff have put it. One per user
 * and job, which the database enforces, so two simultaneous applications make one.
 */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: id(),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    userId: ownedByUser('user_id'),
    /** The job's title and company when applied, so an application still reads well if the job is deleted. */
    jobTitleEn: text('job_title_en').notNull().default(''),
    jobTitleMn: text('job_title_mn').notNull().default(''),
    company: text('company').notNull().default(''),
    state: text('state').notNull().default('submitted'),
    cv: jsonb('cv').$type<Cv>().notNull(),
    /** Lower-cased applicant name, email, title and skills, matched by the back office's search. */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      'job_applications_state_check',
      sql`${table.state} in ('submitted', 'reviewing', 'shortlisted', 'rejected', 'hired')`,
    ),
    unique('job_applications_job_user_unique').on(table.jobId, table.userId),
    index('job_applications_user_idx').on(table.userId, table.createdAt.desc()),
    index('job_applications_job_state_idx').on(table.jobId, table.state),
    index('job_applications_created_idx').on(table.createdAt.desc(), table.id),
    index('job_applications_search_text_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

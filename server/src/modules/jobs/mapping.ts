import type { JobDetail, JobInput, JobMaterial } from '@aylal/shared/schemas/jobs';
import type { jobMaterials, jobs } from '../../db/schema/jobs.ts';
import { cleanFileName } from '../../lib/file-name.ts';

type JobRow = typeof jobs.$inferSelect;

/** The columns every list of jobs reads, public and staff's alike. */
export interface JobListColumns extends Record<string, unknown> {
  id: string;
  title_en: string;
  title_mn: string;
  company: string;
  location_en: string;
  location_mn: string;
  type: JobDetail['type'];
  deadline: string;
  posted_at: string | null;
}

/** What a job carries in every list, from its list columns. */
export function toJobListFields(row: JobListColumns) {
  return {
    id: row.id,
    title: { en: row.title_en, mn: row.title_mn },
    company: row.company,
    location: { en: row.location_en, mn: row.location_mn },
    type: row.type,
    deadline: row.deadline,
    postedAt: row.posted_at ? new Date(row.posted_at).toISOString() : null,
  };
}
type MaterialRow = typeof jobMaterials.$inferSelect;

/** What the text search matches: titles, company, places and skills, lower-cased by the app. */
export function jobSearchText(input: JobInput): string {
  const { title, location, skills } = input;
  return [title.en, title.mn, input.company, location.en, location.mn, ...skills.en, ...skills.mn]
    .join(' ')
    .toLocaleLowerCase();
}

export function toJobRow(input: JobInput) {
  return {
    status: input.status,
    titleEn: input.title.en,
    titleMn: input.title.mn,
    descriptionEn: input.description.en,
    descriptionMn: input.description.mn,
    company: input.company,
    locationEn: input.location.en,
    locationMn: input.location.mn,
    type: input.type,
    requirementsEn: input.requirements.en,
    requirementsMn: input.requirements.mn,
    responsibilitiesEn: input.responsibilities.en,
    responsibilitiesMn: input.responsibilities.mn,
    benefitsEn: input.benefits.en,
    benefitsMn: input.benefits.mn,
    skillsEn: [...new Set(input.skills.en)],
    skillsMn: [...new Set(input.skills.mn)],
    deadline: input.deadline,
    searchText: jobSearchText(input),
  };
}

export function toMaterial(row: MaterialRow): JobMaterial {
  return {
    id: row.id,
    // Cleaned again on the way out: names stored before decision 026 may hold bidi controls.
    name: cleanFileName(row.fileName),
    url: `/api/jobs/${row.jobId}/materials/${row.id}`,
    contentType: row.contentType,
    size: row.size,
  };
}

export function toJobDetail(row: JobRow, materials: MaterialRow[]): JobDetail {
  return {
    id: row.id,
    status: row.status as JobDetail['status'],
    title: { en: row.titleEn, mn: row.titleMn },
    description: { en: row.descriptionEn, mn: row.descriptionMn },
    company: row.company,
    location: { en: row.locationEn, mn: row.locationMn },
    type: row.type as JobDetail['type'],
    requirements: { en: row.requirementsEn, mn: row.requirementsMn },
    responsibilities: { en: row.responsibilitiesEn, mn: row.responsibilitiesMn },
    benefits: { en: row.benefitsEn, mn: row.benefitsMn },
    skills: { en: row.skillsEn, mn: row.skillsMn },
    deadline: row.deadline,
    materials: materials.map(toMaterial),
    postedAt: row.postedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// The job, CV and application vocabularies and pure helpers, free of zod so public screens stay
// light; the schemas built on them are in jobs.ts and cv.ts.

/** Spec section 2: full-time, part-time, contract, remote. */
export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'remote'] as const;
export type JobType = (typeof JOB_TYPES)[number];

/** Drafts are staff's only; published jobs are listed until their deadline; closed ones are not. */
export const JOB_STATUSES = ['draft', 'published', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const ADMIN_JOB_SORTS = ['newest', 'oldest', 'title', 'deadline', 'updated'] as const;
export type AdminJobSort = (typeof ADMIN_JOB_SORTS)[number];

export const JOBS_PAGE_SIZE = 10;
export const JOBS_PAGE_SIZE_MAX = 50;

/** Matches are counted up to this many; a larger answer says "1,000+" (totalCapped). */
export const JOBS_TOTAL_CAP = 1000;

/** A job's files (the employer's forms and leaflets): PDF or a picture, checked by content. */
export const JOB_MATERIAL_MAX_BYTES = 10 * 1024 * 1024;
export const JOB_MATERIALS_MAX = 10;

/** The lines of a list written one item per line (requirements, responsibilities, benefits). */
export function listLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\s*[-•*]\s*/, '').trim())
    .filter(Boolean);
}

/** The job search as the URL holds it: exactly GET /api/jobs's parameters, so links can be shared. */
export interface JobSearch {
  q?: string;
  type?: JobType;
  page: number;
}

/** Reads a job search from the URL, dropping anything the API would refuse. */
export function readJobSearch(params: URLSearchParams): JobSearch {
  const type = params.get('type');
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim().slice(0, 100) || undefined,
    type: type && (JOB_TYPES as readonly string[]).includes(type) ? (type as JobType) : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The URL (and API) parameters of a job search, in a stable order. */
export function writeJobSearch(search: JobSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.type) params.set('type', search.type);
  if (search.page > 1) params.set('page', String(search.page));
  return params;
}

/** Spec section 3: skills with levels beginner, intermediate, advanced, expert. */
export const SKILL_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];

/** Spec section 3 names basic and native; the two between are the usual CV scale (decision 009). */
export const LANGUAGE_LEVELS = ['basic', 'conversational', 'fluent', 'native'] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];

/** Where an application stands; staff move it, the applicant sees it. */
export const APPLICATION_STATES = ['submitted', 'reviewing', 'shortlisted', 'rejected', 'hired'] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

/**
 * Whether a job takes applications on `today`, the agency's calendar date (the server's agency
 * clock): published, and its deadline not passed. A job is open through its deadline day there,
 * wherever one reads.
 */
export function isTakingApplications(job: { status: string; deadline: string }, today: string): boolean {
  return job.status === 'published' && job.deadline >= today;
}

/** A job's skills in the reader's language, or in the other when none were written in theirs. */
export function pickSkills(skills: { en: string[]; mn: string[] }, language: 'en' | 'mn'): string[] {
  const other = language === 'en' ? 'mn' : 'en';
  return skills[language].length > 0 ? skills[language] : skills[other];
}

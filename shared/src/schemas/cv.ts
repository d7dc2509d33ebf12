import { z } from 'zod';
import { CV_FIRST_YEAR, CV_LAST_YEAR, CV_MONTH } from '../cv-rules.ts';
import { LANGUAGE_LEVELS, SKILL_LEVELS } from '../job-rules.ts';

/** A month on a CV, YYYY-MM. */
const month = z.string().regex(CV_MONTH, `a month as YYYY-MM, ${CV_FIRST_YEAR} to ${CV_LAST_YEAR}`);
const optionalMonth = z.union([month, z.literal('')]);
const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => z.string().trim().min(1).max(max);

export const CvExperienceSchema = z
  .object({
    company: required(200),
    position: required(200),
    start: month,
    end: optionalMonth,
    current: z.boolean(),
    description: text(3000),
  })
  .refine((entry) => entry.current || entry.end === '' || entry.end >= entry.start, {
    message: 'ends before it starts',
    path: ['end'],
  });

export const CvEducationSchema = z
  .object({
    institution: required(200),
    degree: text(200),
    field: text(200),
    start: optionalMonth,
    end: optionalMonth,
  })
  .refine((entry) => entry.start === '' || entry.end === '' || entry.end >= entry.start, {
    message: 'ends before it starts',
    path: ['end'],
  });

export const CvSkillSchema = z.object({ name: required(80), level: z.enum(SKILL_LEVELS) });
export const CvLanguageSchema = z.object({ name: required(80), level: z.enum(LANGUAGE_LEVELS) });

/** Spec section 3: the CV a user builds here and sends with applications. */
export const CvSchema = z.object({
  fullName: required(120),
  title: text(120),
  email: z.email().max(254),
  phone: text(40),
  address: text(300),
  summary: text(3000),
  experience: z.array(CvExperienceSchema).max(30),
  education: z.array(CvEducationSchema).max(20),
  skills: z.array(CvSkillSchema).max(50),
  languages: z.array(CvLanguageSchema).max(20),
});
export type Cv = z.infer<typeof CvSchema>;
export type CvExperience = z.infer<typeof CvExperienceSchema>;
export type CvEducation = z.infer<typeof CvEducationSchema>;

/**
 * The CV with its version, which rises with every save. PUT /api/cv with `If-Match: "<version>"`
 * saves only over that version (CV_CHANGED when it was saved elsewhere in between).
 */
export const CvResponseSchema = z.object({ cv: CvSchema, version: z.number().int(), updatedAt: z.string() });
export type CvResponse = z.infer<typeof CvResponseSchema>;

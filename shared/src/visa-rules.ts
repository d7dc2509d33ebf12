// The visa application's vocabulary and pure rules (docs/decisions/016-visa-applications.md), free
// of zod so every screen may use them; the schemas built on them are in schemas/visa.ts. Each part
// is in visa-rules/; this file is the one import path.

export * from './visa-rules/states.ts';
export * from './visa-rules/form.ts';
export * from './visa-rules/documents.ts';
export * from './visa-rules/limits.ts';
export * from './visa-rules/passports.ts';
export * from './visa-rules/problems.ts';

/**
 * Whether anything was typed into a row (any text in it, however deep), leaving out the fields
 * named in `choices` (levels and the like, which are picked, not typed): removing such a row asks first.
 */
export function isTypedIn(value: unknown, choices: readonly string[] = []): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.some((item) => isTypedIn(item, choices));
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, item]) => !choices.includes(key) && isTypedIn(item, choices));
  return false;
}

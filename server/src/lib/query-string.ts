import { parse } from 'node:querystring';

/**
 * The query string as routes see it: a key given empty (`?q=&type=`, as a form sends untouched
 * fields) counts as not given, so `?q=` lists everything instead of failing validation.
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  // No prototype: a key such as __proto__ is just a key (and then refused by the route's schema).
  const query = Object.create(null) as Record<string, string | string[]>;
  for (const [key, value] of Object.entries(parse(text))) {
    const given = (Array.isArray(value) ? value : [value]).filter((entry): entry is string => !!entry);
    if (given.length) query[key] = given.length === 1 ? given[0]! : given;
  }
  return query;
}

import type { core } from 'zod';

type Node = core.$ZodType | undefined;

/** A schema without its wrappers (optional, nullable, default, a pipe's input). */
function unwrap(node: Node): Node {
  let current = node;
  for (;;) {
    const def = current?._zod.def as { type: string; innerType?: Node; in?: Node } | undefined;
    if (!def) return current;
    if (def.type === 'pipe') current = def.in;
    else if (def.innerType && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch'].includes(def.type))
      current = def.innerType;
    else return current;
  }
}

/** The most characters a text schema takes (of a union, its longest option), or undefined. */
function maxLengthOf(node: Node): number | undefined {
  const schema = unwrap(node);
  const def = schema?._zod.def as { type: string; options?: Node[] } | undefined;
  if (def?.type === 'string') {
    // zod's text schemas (strings and formats such as email) know their `.maxLength`, or null.
    return (schema as { maxLength?: number | null }).maxLength ?? undefined;
  }
  if (def?.type === 'union') {
    const limits = (def.options ?? []).map(maxLengthOf).filter((limit) => limit !== undefined);
    return limits.length > 0 ? Math.max(...limits) : undefined;
  }
  return undefined;
}

/**
 * The `maxLength` a form's field takes from the schema the server checks it with: the text at
 * `path` ('title.en', 'experience.0.role'), read through objects and lists; undefined for a field
 * that is not text, or has no limit.
 */
export function schemaMaxLength(schema: unknown, path: string): number | undefined {
  let node = schema as Node;
  for (const key of path.split('.')) {
    node = unwrap(node);
    const def = node?._zod.def as { type: string; shape?: Record<string, Node>; element?: Node } | undefined;
    if (def?.type === 'object') node = def.shape?.[key];
    else if (def?.type === 'array') node = def.element;
    else return undefined;
  }
  return maxLengthOf(node);
}

// The project's own boundary rule: `aylal/no-restricted-paths`. It resolves every relative import
// (static, re-export, dynamic) to the file it names, so `../../other-feature/x.ts` is caught like
// any other spelling. Package imports are left to `no-restricted-imports`. Written here rather
// than taken from eslint-plugin-import-x, whose native resolver (unrs-resolver) has no build for
// most platforms on the registry these machines install from, which broke `npm ci`.
import path from 'node:path';

/** Globs of the zones: `**` any folders, `*` any name within one; anything else is a path prefix. */
function matcher(pattern, basePath) {
  if (!pattern.includes('*')) {
    const prefix = path.resolve(basePath, pattern);
    return (file) => file === prefix || file.startsWith(`${prefix}${path.sep}`);
  }
  const source = pattern
    .split('/')
    .map((part) =>
      part === '**' ? '(?:.*/)?' : `${part.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}/`,
    )
    .join('')
    .replace(/\/$/, '')
    .replace(/\(\?:\.\*\/\)\?$/, '.*');
  const regex = new RegExp(`^${source}$`);
  return (file) => regex.test(path.relative(basePath, file).split(path.sep).join('/'));
}

const list = (value) => (Array.isArray(value) ? value : [value]);

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports from some folders into others, on resolved paths.' },
    schema: [
      {
        type: 'object',
        properties: { basePath: { type: 'string' }, zones: { type: 'array' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { basePath = context.cwd, zones = [] } = context.options[0] ?? {};
    const file = context.filename;
    const active = zones
      .filter((zone) => list(zone.target).some((target) => matcher(target, basePath)(file)))
      .map((zone) => ({
        message: zone.message,
        from: list(zone.from).map((from) => matcher(from, basePath)),
        except: list(zone.except ?? []).flatMap((except) =>
          list(zone.from).map((from) => matcher(path.join(from, except), basePath)),
        ),
      }));
    if (active.length === 0) return {};

    const check = (node) => {
      const specifier = node?.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined;
      if (!specifier?.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      for (const zone of active) {
        if (zone.from.some((from) => from(target)) && !zone.except.some((except) => except(target))) {
          context.report({ node, message: zone.message });
          return;
        }
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };

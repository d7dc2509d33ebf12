// The English bundle: every namespace, built in (no network calls for translations).
const files = import.meta.glob<Record<string, unknown>>('./en/*.json', { eager: true, import: 'default' });
export default Object.fromEntries(
  Object.entries(files).map(([file, resources]) => [file.slice('./en/'.length, -'.json'.length), resources]),
);

// The Mongolian bundle: every namespace, built in (no network calls for translations).
const files = import.meta.glob<Record<string, unknown>>('./mn/*.json', { eager: true, import: 'default' });
export default Object.fromEntries(
  Object.entries(files).map(([file, resources]) => [file.slice('./mn/'.length, -'.json'.length), resources]),
);

// Where each visa document goes in the export's ZIP (docs/decisions/015).

/** A stored visa document as the ZIP names it: where its bytes are, and its path in the archive. */
export interface ExportFile {
  key: string;
  path: string;
  createdAt: Date;
}

/** One part of a path in the ZIP: no slashes, no control characters, no `..`, never empty. */
export function zipPathPart(name: string): string {
  const cleaned = name
    // Control characters and what Windows refuses in a name, as well as both slashes.
    .replace(/[\p{Cc}/\\:*?"<>|]/gu, '_')
    .replace(/\.{2,}/g, '.')
    .trim()
    .slice(0, 120);
  return cleaned === '' || cleaned === '.' ? '_' : cleaned;
}

/** `path` itself, or with ` (2)`, ` (3)`… before its extension when that is taken already. */
function uniquePath(taken: Set<string>, path: string): string {
  const dot = path.lastIndexOf('.');
  const stem = dot > path.lastIndexOf('/') + 1 ? path.slice(0, dot) : path;
  const extension = path.slice(stem.length);
  let candidate = path;
  for (let copy = 2; taken.has(candidate.toLowerCase()); copy += 1) candidate = `${stem} (${copy})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** The visa documents' stored keys with their paths in the ZIP: `visa/<reference>/<person>/<kind>-<name>`. */
export function zipFilesOf(
  documents: readonly {
    applicationId: string;
    dependantId: string | null;
    kind: string;
    fileKey: string;
    fileName: string;
    createdAt: Date;
  }[],
  referenceOf: ReadonlyMap<string, string | null>,
  nameOf: ReadonlyMap<string, string>,
): ExportFile[] {
  const taken = new Set<string>();
  return documents.map((document) => {
    const folder = referenceOf.get(document.applicationId) ?? `draft-${document.applicationId.slice(0, 8)}`;
    const person = document.dependantId ? nameOf.get(document.dependantId) : undefined;
    const parts = ['visa', zipPathPart(folder), ...(person ? [zipPathPart(person)] : [])];
    const name = zipPathPart(`${document.kind}-${document.fileName}`);
    return {
      key: document.fileKey,
      path: uniquePath(taken, [...parts, name].join('/')),
      createdAt: document.createdAt,
    };
  });
}

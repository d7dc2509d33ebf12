// A part of the export read only when there is something to read it for.

/** `read()`'s rows, or none without asking when `ids` is empty (no query for an empty list). */
export async function readForAny<T>(ids: readonly unknown[], read: () => PromiseLike<T[]>): Promise<T[]> {
  return ids.length === 0 ? [] : read();
}

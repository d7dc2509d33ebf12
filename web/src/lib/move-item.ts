/** A copy of the list with the item at `index` moved by `delta` places (up: -1, down: 1). */
export function moveItem<T>(items: T[], index: number, delta: number): T[] {
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(index + delta, 0, item!);
  return next;
}

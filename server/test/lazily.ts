/**
 * What a `beforeAll` sets up, read through as soon as it is there: the block's code can name it at
 * once and use it inside hooks and tests. Methods are called on the real thing.
 */
export function lazily<T extends object>(read: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_target, field) {
      const value = read();
      if (!value) throw new Error(`${what} starts in beforeAll: use it inside hooks and tests`);
      const member: unknown = value[field as keyof T];
      return typeof member === 'function' ? (member as (...args: unknown[]) => unknown).bind(value) : member;
    },
  });
}

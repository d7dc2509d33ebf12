import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';
import { VISA_ACCOUNT_DOCUMENT_BYTES } from './visa-rules.ts';

describe('formatBytes', () => {
  it('writes bytes, kilobytes, megabytes and gigabytes in both languages', () => {
    expect(formatBytes(512, 'en')).toBe('512 B');
    expect(formatBytes(840 * 1024, 'en')).toBe('840 KB');
    expect(formatBytes(1.25 * 1024 * 1024, 'mn')).toBe('1.3 МБ');
    expect(formatBytes(1023.9 * 1024 * 1024, 'en')).toBe('1023.9 MB');
    expect(formatBytes(VISA_ACCOUNT_DOCUMENT_BYTES, 'en')).toBe('1 GB');
    expect(formatBytes(VISA_ACCOUNT_DOCUMENT_BYTES, 'mn')).toBe('1 ГБ');
    expect(formatBytes(1.5 * 1024 ** 3, 'en')).toBe('1.5 GB');
  });
});

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readSecondFactorCode, type SecondFactorCode } from '@aylal/shared/second-factor-rules';

/**
 * A one-time code typed and sent (the sign-in's second step, the back office's code, "confirm it
 * is you"): what is typed, the field's message, the refusal that belongs to no field, and `busy`
 * while it is sent. The screen loads the `secondFactor` words.
 */
export function useCodeEntry() {
  const { t } = useTranslation('secondFactor');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The code typed, read, with the field's message gone; null, with "type it" or "not a code" on the field. */
  function readCode(): SecondFactorCode | null {
    const parsed = readSecondFactorCode(value);
    setFieldError(parsed ? null : t(value.trim() ? 'errors.code' : 'fresh.codeRequired'));
    return parsed;
  }

  /** Starts over (another method, another kind of code): nothing typed, nothing said. */
  function clear() {
    setValue('');
    setFieldError(null);
    setProblem(null);
  }

  /** Sends: busy meanwhile; a failure ends it and is `refused`'s to show. */
  async function send(action: () => Promise<unknown>, refused: (error: unknown) => void) {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setBusy(false);
      refused(error);
    }
  }

  return { value, setValue, fieldError, setFieldError, problem, setProblem, busy, setBusy, readCode, clear, send };
}

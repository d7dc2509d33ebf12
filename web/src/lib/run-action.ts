import { notifyError, notifySuccess } from '../components/notify.ts';
import { errorMessage } from './api-client.ts';

export interface ActionOptions {
  /**
   * Shows a refusal some other way (a form puts the server's field errors on its fields): true when
   * it did, and no toast is shown.
   */
  shown?: (error: unknown) => boolean;
  /** The refusal's words; the error's translated message unless the screen says otherwise. */
  refusal?: (error: unknown) => string;
}

/** Shows a refusal's translated message as an error toast (a mutation's `onError`). */
export function notifyFailure(error: unknown) {
  notifyError(errorMessage(error));
}

/**
 * Runs a change and says how it went: `done` as a success toast when it worked (words, or words
 * made from its answer), the refusal as an error toast when not. True when it worked, so the
 * screen can go on (clear a selection, close a dialog).
 */
export async function runAction<T>(
  action: () => Promise<T>,
  done?: string | ((answer: T) => string),
  options: ActionOptions = {},
): Promise<boolean> {
  let answer: T;
  try {
    answer = await action();
  } catch (error) {
    if (!options.shown?.(error)) notifyError(options.refusal ? options.refusal(error) : errorMessage(error));
    return false;
  }
  if (done !== undefined) notifySuccess(typeof done === 'function' ? done(answer) : done);
  return true;
}

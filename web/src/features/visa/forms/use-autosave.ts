import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SaveVisaDraftResponse, VisaApplication } from '@aylal/shared/schemas/visa';
import type { VisaForm } from '@aylal/shared/visa-rules';
import { queryKeys } from '@aylal/shared/query-keys';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { fetchVisaApplication, saveVisaDraft } from '../api/applications.ts';
import { dropLocalCopy, sameForm, writeLocalCopy } from '../local-copy.ts';

/** How long typing pauses before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** Failed attempts (network, server trouble) before the person is told; retries go on meanwhile. */
const QUIET_ATTEMPTS = 3;
const MAX_BACKOFF_MS = 30_000;

export type SaveStatus =
  /** Nothing to save, or everything saved. */
  | 'saved'
  /** Typed, waiting for the pause. */
  | 'pending'
  | 'saving'
  /** A save failed on the way; it is tried again (no network: `offline`). */
  | 'retrying'
  | 'offline'
  /** The session ended: the login panel is open, the answers wait on this device. */
  | 'signed-out'
  /** Saved from elsewhere meanwhile (VISA_CHANGED): the person chooses. */
  | 'conflict'
  /** Really failed (refused, or still failing after retries): told, with a Retry. */
  | 'failed';

type Blocked = null | 'conflict' | 'signed-out' | 'refused';

/**
 * Saves the draft's answers as the person types (`PUT /api/visa-applications/:id` with If-Match),
 * after a pause, on demand (blur, section change, leaving) and when the page is hidden. Every
 * change is first kept on this device, so nothing typed is lost to a reload, an expired session
 * or a network failure; failures are retried with a growing wait and at once when the network
 * comes back.
 */
export function useVisaAutosave(options: {
  id: string;
  userId: string;
  /** The version and answers the server holds as the form opens. */
  version: number;
  savedForm: VisaForm;
  enabled: boolean;
  onSignedOut: () => void;
  /** The saved version replaces the form (after "Load the saved version"). */
  onReplace: (form: VisaForm) => void;
  /** A copy on this device was typed over an older version than the one saved: ask first. */
  conflict?: boolean;
}) {
  const { id, userId, enabled } = options;
  const client = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(options.conflict ? 'conflict' : 'saved');
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const version = useRef(options.version);
  const savedJson = useRef(JSON.stringify(options.savedForm));
  const latest = useRef<VisaForm | null>(null);
  const running = useRef<Promise<boolean> | null>(null);
  const blocked = useRef<Blocked>(options.conflict ? 'conflict' : null);
  const attempts = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const callbacks = useRef(options);
  callbacks.current = options;

  const keep = useCallback(
    (form: VisaForm) => writeLocalCopy(userId, id, { form, basedOn: version.current }),
    [userId, id],
  );

  /** One PUT of `form`; true when the server now holds it. */
  const attempt = useCallback(
    async (form: VisaForm, json: string): Promise<boolean> => {
      setStatus('saving');
      try {
        const saved: SaveVisaDraftResponse = await saveVisaDraft(id, form, version.current);
        version.current = saved.version;
        savedJson.current = json;
        attempts.current = 0;
        setSavedAt(saved.updatedAt);
        setRefusal(null);
        client.setQueryData<VisaApplication>(queryKeys.visa.detail(id), (old) =>
          old
            ? { ...old, form: form as VisaApplication['form'], version: saved.version, updatedAt: saved.updatedAt }
            : old,
        );
        if (JSON.stringify(latest.current) === json) {
          dropLocalCopy(userId, id);
          setStatus('saved');
        } else if (latest.current) {
          keep(latest.current);
        }
        return true;
      } catch (failure) {
        const code = failure instanceof ApiRequestError ? failure.code : 'INTERNAL';
        const httpStatus = failure instanceof ApiRequestError ? failure.status : 0;
        if (code === 'VISA_CHANGED') {
          // Saved meanwhile with these very answers (this tab's previous screen, say): no conflict.
          const current = await fetchVisaApplication(id).catch(() => null);
          if (current && sameForm(current.form, form)) {
            version.current = current.version;
            savedJson.current = json;
            if (JSON.stringify(latest.current) === json) {
              dropLocalCopy(userId, id);
              setStatus('saved');
            }
            setSavedAt(current.updatedAt);
            return true;
          }
          blocked.current = 'conflict';
          setStatus('conflict');
        } else if (httpStatus === 401) {
          blocked.current = 'signed-out';
          setStatus('signed-out');
          callbacks.current.onSignedOut();
        } else if (code === 'NETWORK' || httpStatus >= 500 || httpStatus === 429 || httpStatus === 408) {
          attempts.current += 1;
          const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
          setStatus(attempts.current > QUIET_ATTEMPTS ? 'failed' : offline ? 'offline' : 'retrying');
          if (attempts.current > QUIET_ATTEMPTS) setRefusal(null);
          clearTimeout(retryTimer.current);
          const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempts.current - 1));
          retryTimer.current = setTimeout(() => void flushRef.current(), wait);
        } else {
          // Refused (not editable any more, a value the server will not keep): told, not retried.
          blocked.current = 'refused';
          setRefusal(errorMessage(failure));
          setStatus('failed');
        }
        return false;
      }
    },
    [client, id, userId, keep],
  );

  /** Saves what is typed now (waiting for a save on the way first); true when the server holds it. */
  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    for (;;) {
      if (running.current) {
        await running.current;
        continue;
      }
      if (blocked.current) return false;
      const form = latest.current;
      if (!form) return true;
      const json = JSON.stringify(form);
      if (json === savedJson.current) {
        dropLocalCopy(userId, id);
        setStatus('saved');
        return true;
      }
      const pending = attempt(form, json);
      running.current = pending;
      const ok = await pending;
      running.current = null;
      if (!ok) return false;
    }
  }, [attempt, userId, id]);
  const flushRef = useRef(flush);
  flushRef.current = flush;

  /** The person typed: kept on this device now, saved after a pause. */
  const schedule = useCallback(
    (form: VisaForm) => {
      if (!enabled) return;
      latest.current = form;
      if (JSON.stringify(form) === savedJson.current && !running.current) {
        dropLocalCopy(userId, id);
        if (!blocked.current) setStatus('saved');
        return;
      }
      keep(form);
      if (blocked.current) return;
      setStatus((now) => (now === 'retrying' || now === 'offline' || now === 'failed' ? now : 'pending'));
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flushRef.current(), AUTOSAVE_DELAY_MS);
    },
    [enabled, keep, userId, id],
  );

  /** Try again now (Retry, back online, signed in again). */
  const retry = useCallback(() => {
    if (blocked.current === 'conflict') return;
    blocked.current = null;
    attempts.current = 0;
    clearTimeout(retryTimer.current);
    void flushRef.current();
  }, []);

  /** After VISA_CHANGED: keep these answers, saved over the version saved elsewhere. */
  const keepMine = useCallback(async () => {
    try {
      const current = await fetchVisaApplication(id);
      version.current = current.version;
      savedJson.current = JSON.stringify(current.form);
      blocked.current = null;
      attempts.current = 0;
      await flushRef.current();
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  }, [id]);

  /** After VISA_CHANGED: the saved version replaces what was typed here. */
  const loadSaved = useCallback(async () => {
    try {
      const current = await fetchVisaApplication(id);
      version.current = current.version;
      savedJson.current = JSON.stringify(current.form);
      latest.current = current.form;
      blocked.current = null;
      dropLocalCopy(userId, id);
      client.setQueryData(queryKeys.visa.detail(id), current);
      callbacks.current.onReplace(current.form);
      setSavedAt(current.updatedAt);
      setStatus('saved');
    } catch (failure) {
      setRefusal(errorMessage(failure));
    }
  }, [client, id, userId]);

  useEffect(() => {
    if (!enabled) return;
    const online = () => {
      if (blocked.current !== null) return;
      attempts.current = 0;
      void flushRef.current();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flushRef.current();
    };
    const leave = () => void flushRef.current();
    window.addEventListener('online', online);
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      clearTimeout(retryTimer.current);
      // Leaving the screen saves what is left (it stays on this device too).
      void flushRef.current();
    };
  }, [enabled]);

  return {
    status,
    savedAt,
    refusal,
    schedule,
    flush,
    retry,
    keepMine,
    loadSaved,
    /** Marks the answers as typed over the version given (a local copy found on opening). */
    adopt: (form: VisaForm) => {
      latest.current = form;
    },
  };
}

import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VisaDocumentKind } from '@aylal/shared/schemas/visa';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useUploadDocument } from '../api/documents.ts';
import { fileRefusal, rowKey, storageDetails } from '../document-checklist.ts';

/** The file going up: which row, its name, how far, and how to stop it. */
export interface Upload {
  key: string;
  fileName: string;
  progress: number;
  controller: AbortController;
}

/**
 * The documents' uploads: one file at a time, with its progress; a file of the wrong type or size
 * refused before it is sent; the server's refusals in the words of the screen, kept per row.
 */
export function useDocumentUpload(applicationId: string) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const upload = useUploadDocument(applicationId);
  const [current, setCurrent] = useState<Upload | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const resetPickers = useRef(new Map<string, () => void>());

  const setRefusal = (key: string, message: string | null) =>
    setRefusals((all) => {
      const next = { ...all };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  /** What a file is refused for before it is sent (its type or size), or null. */
  const refusalOf = (file: File): string | null => {
    switch (fileRefusal(file)) {
      case 'type':
        return t('documents.errors.type', { name: file.name });
      case 'size':
        return t('documents.errors.size', { name: file.name, size: formatBytes(file.size, language) });
      case 'empty':
        return t('documents.errors.empty', { name: file.name });
      default:
        return null;
    }
  };

  /** The server's refusal in the words of this screen (its general words where they fit). */
  const serverRefusal = (failure: unknown, file: File): string => {
    if (!(failure instanceof ApiRequestError)) return t('documents.errors.failed');
    switch (failure.code) {
      case 'DOCUMENT_STORAGE_FULL': {
        const room = storageDetails(failure.details);
        if (!room) return errorMessage(failure);
        return t('documents.errors.storageFull', {
          name: file.name,
          size: formatBytes(room.fileBytes, language),
          limit: formatBytes(room.limitBytes, language),
          left: formatBytes(Math.max(0, room.limitBytes - room.usedBytes), language),
        });
      }
      case 'UNSUPPORTED_FILE':
        return t('documents.errors.unsupported');
      case 'PAYLOAD_TOO_LARGE':
        return t('documents.errors.tooLarge');
      case 'NETWORK':
        return t('documents.errors.network');
      case 'INTERNAL':
        return t('documents.errors.failed');
      default:
        return errorMessage(failure);
    }
  };

  /** Sends a picked file for a person's row; `personName` is how the done message names them. */
  async function send(dependantId: string | null, personName: string, kind: VisaDocumentKind, file: File | null) {
    const key = rowKey(dependantId, kind);
    resetPickers.current.get(key)?.();
    if (!file || current) return;
    setDone(null);
    const refused = refusalOf(file);
    setRefusal(key, refused);
    if (refused) return;
    const controller = new AbortController();
    setCurrent({ key, fileName: file.name, progress: 0, controller });
    try {
      await upload.mutateAsync({
        kind,
        dependantId,
        file,
        signal: controller.signal,
        onProgress: (share) => setCurrent((now) => (now?.key === key ? { ...now, progress: share } : now)),
      });
      setDone(t('documents.uploaded', { kind: t(`documentKinds.${kind}`), name: personName }));
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        setRefusal(key, serverRefusal(failure, file));
      }
    } finally {
      setCurrent(null);
    }
  }

  /** The `resetRef` of a row's file picker: picking the same file again sends it again. */
  const pickerReset = (key: string) => (reset: (() => void) | null) => {
    if (reset) resetPickers.current.set(key, reset);
    else resetPickers.current.delete(key);
  };

  return { current, refusals, done, send, setRefusal, pickerReset };
}

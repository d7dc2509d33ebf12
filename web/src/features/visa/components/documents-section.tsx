import { useRef, useState } from 'react';
import { Badge, Button, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload, IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VisaApplication, VisaDocument, VisaDocumentKind, VisaProblem } from '@aylal/shared/schemas/visa';
import {
  documentChecklist,
  requiredDocuments,
  VISA_ACCOUNT_DOCUMENT_BYTES,
  VISA_DOCUMENT_KINDS,
  VISA_DOCUMENT_MAX_BYTES,
  VISA_DOCUMENT_TYPES,
} from '@aylal/shared/visa-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useFreshSignIn } from '../../../lib/use-fresh-sign-in.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { useMyVisaApplications } from '../api/applications.ts';
import { documentUrl, useDeleteDocument, useUploadDocument } from '../api/documents.ts';
import classes from './documents-section.module.css';

/** The `accept` of the file pickers: the types the server takes, and their usual names. */
const ACCEPT = [...VISA_DOCUMENT_TYPES, '.pdf', '.jpg', '.jpeg', '.png'].join(',');

/** DOCUMENT_STORAGE_FULL's details: the account's room, what it holds, and the file refused. */
function storageDetails(details: unknown): { limitBytes: number; usedBytes: number; fileBytes: number } | null {
  if (typeof details !== 'object' || details === null) return null;
  const { limitBytes, usedBytes, fileBytes } = details as Record<string, unknown>;
  return typeof limitBytes === 'number' && typeof usedBytes === 'number' && typeof fileBytes === 'number'
    ? { limitBytes, usedBytes, fileBytes }
    : null;
}

/** One person's checklist: the applicant (`dependantId` null) or a dependant. */
interface Person {
  dependantId: string | null;
  name: string;
  role: string;
  kinds: { kind: VisaDocumentKind; required: boolean }[];
}

/** Which row of which checklist: a person and a kind. */
const rowKey = (dependantId: string | null, kind: VisaDocumentKind) => `${dependantId ?? 'applicant'}:${kind}`;

interface Upload {
  key: string;
  fileName: string;
  progress: number;
  controller: AbortController;
}

/**
 * The supporting documents (spec section 3): a checklist per person, the applicant first and
 * then each dependant, of what the purpose of the trip needs (`requiredDocuments`) and any other
 * document, each present (its file, to open or download) or missing. One file goes up at a time,
 * with its progress; a file of the wrong type or size is refused before it is sent. Uploading
 * again replaces a file; removing one asks first. Not editable: the list alone.
 */
export function DocumentsSection({
  application,
  editable,
}: {
  application: VisaApplication;
  editable: boolean;
  problems: VisaProblem[];
}) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const upload = useUploadDocument(application.id);
  // What all the account's documents take (its applications' list answers it).
  const storedBytes = useMyVisaApplications().data?.usage.documentBytes ?? 0;
  const remove = useDeleteDocument(application.id);
  const [current, setCurrent] = useState<Upload | null>(null);
  const [refusals, setRefusals] = useState<Record<string, string>>({});
  const [removing, setRemoving] = useState<{ document: VisaDocument; key: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const resetPickers = useRef(new Map<string, () => void>());
  // Passport scans and bank statements open on a fresh sign-in only (docs/decisions/023).
  const fresh = useFreshSignIn();

  const purpose = application.form.purpose;
  const documentsOf = (dependantId: string | null) =>
    application.documents.filter((document) => document.dependantId === dependantId);
  const checklist = (dependantId: string | null, person: 'applicant' | 'dependant') => {
    const required = requiredDocuments(purpose, person);
    const held = documentsOf(dependantId).map((document) => document.kind);
    return VISA_DOCUMENT_KINDS.filter((kind) => required.includes(kind) || kind === 'other' || held.includes(kind)).map(
      (kind) => ({ kind, required: required.includes(kind) }),
    );
  };
  const applicantName = `${application.form.firstName} ${application.form.lastName}`.trim();
  const people: Person[] = [
    {
      dependantId: null,
      name: applicantName || t('documents.applicant'),
      role: applicantName ? t('documents.applicant') : '',
      kinds: checklist(null, 'applicant'),
    },
    ...application.dependantList.map((dependant) => ({
      dependantId: dependant.id,
      name: `${dependant.firstName} ${dependant.lastName}`.trim(),
      role: dependant.relationship ? t(`relationships.${dependant.relationship}`) : t('documents.dependant'),
      kinds: checklist(dependant.id, 'dependant'),
    })),
  ];
  const { required: checklistNeeds, missing: checklistMissing } = documentChecklist(
    purpose,
    application.dependantList.map((dependant) => dependant.id),
    application.documents,
  );
  const requiredCount = checklistNeeds.length;
  const presentCount = requiredCount - checklistMissing.length;

  const setRefusal = (key: string, message: string | null) =>
    setRefusals((all) => {
      const next = { ...all };
      if (message) next[key] = message;
      else delete next[key];
      return next;
    });

  /** What a file is refused for before it is sent (its type or size), or null. */
  const refusalOf = (file: File): string | null => {
    const typeKnown = (VISA_DOCUMENT_TYPES as readonly string[]).includes(file.type);
    const namedRight = file.type === '' && /\.(pdf|jpe?g|png)$/i.test(file.name);
    if (!typeKnown && !namedRight) return t('documents.errors.type', { name: file.name });
    if (file.size > VISA_DOCUMENT_MAX_BYTES)
      return t('documents.errors.size', { name: file.name, size: formatBytes(file.size, language) });
    if (file.size === 0) return t('documents.errors.empty', { name: file.name });
    return null;
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

  async function send(person: Person, kind: VisaDocumentKind, file: File | null) {
    const key = rowKey(person.dependantId, kind);
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
        dependantId: person.dependantId,
        file,
        signal: controller.signal,
        onProgress: (share) => setCurrent((now) => (now?.key === key ? { ...now, progress: share } : now)),
      });
      setDone(t('documents.uploaded', { kind: t(`documentKinds.${kind}`), name: person.name }));
    } catch (failure) {
      if (!(failure instanceof DOMException && failure.name === 'AbortError')) {
        setRefusal(key, serverRefusal(failure, file));
      }
    } finally {
      setCurrent(null);
    }
  }

  function confirmRemoval() {
    if (!removing) return;
    const { document, key } = removing;
    setRemoving(null);
    setRefusal(key, null);
    remove.mutate(document.id, {
      onError: () => setRefusal(key, t('documents.errors.removeFailed')),
    });
  }

  return (
    <Stack gap="lg">
      {editable && (
        <div className={classes.rules}>
          <IconInfoCircle size={18} aria-hidden="true" className={classes.rulesIcon} />
          <div>
            <Text fw={600} size="sm" id={`visa-documents-rules-${application.id}`}>
              {t('documents.limits')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('documents.intro')}
            </Text>
            {storedBytes > 0 && (
              <Text size="sm" c="dimmed">
                {t('documents.room', {
                  used: formatBytes(storedBytes, language),
                  limit: formatBytes(VISA_ACCOUNT_DOCUMENT_BYTES, language),
                })}
              </Text>
            )}
          </div>
        </div>
      )}
      {requiredCount > 0 && (
        <Text size="sm" fw={600} className={classes.summary}>
          {t('documents.progress', { count: presentCount, total: requiredCount })}
        </Text>
      )}
      <Text size="sm" c="teal.8" role="status" aria-live="polite" className={classes.status}>
        {done}
      </Text>

      {people.map((person) => (
        <section key={person.dependantId ?? 'applicant'} className={classes.person} aria-label={person.name}>
          <header className={classes.personHead}>
            <Text fw={700} component="h3" className={classes.personName}>
              {person.name}
            </Text>
            {person.role && (
              <Text size="sm" c="dimmed" component="span">
                {person.role}
              </Text>
            )}
          </header>
          <ul className={classes.checklist}>
            {person.kinds.map(({ kind, required }) => {
              const key = rowKey(person.dependantId, kind);
              const document = application.documents.find(
                (item) => item.dependantId === person.dependantId && item.kind === kind,
              );
              const kindName = t(`documentKinds.${kind}`);
              const going = current?.key === key ? current : null;
              const refusal = refusals[key];
              return (
                <li key={kind} className={classes.row}>
                  <div className={classes.what}>
                    <span className={classes.kind}>{kindName}</span>
                    {document ? (
                      <Badge color="teal" variant="light" size="sm" leftSection={<IconCircleCheck size={12} />}>
                        {t('documents.present')}
                      </Badge>
                    ) : required ? (
                      <Badge color="orange" variant="light" size="sm">
                        {t('documents.missing')}
                      </Badge>
                    ) : (
                      <Badge color="gray" variant="light" size="sm">
                        {t('documents.optional')}
                      </Badge>
                    )}
                  </div>
                  <div className={classes.file}>
                    {document ? (
                      <>
                        <a
                          href={documentUrl(application.id, document.id)}
                          download={document.fileName}
                          onClick={fresh.guardLink}
                          className={classes.fileName}
                          aria-label={t('documents.downloadNamed', { file: document.fileName })}
                        >
                          <IconDownload size={14} aria-hidden="true" className={classes.fileIcon} />
                          {document.fileName}
                        </a>
                        <span className={classes.size}>{formatBytes(document.size, language)}</span>
                      </>
                    ) : (
                      <span className={classes.none}>{t('documents.noFile')}</span>
                    )}
                  </div>
                  <div className={classes.actions}>
                    {editable && !going && (
                      <FileButton
                        accept={ACCEPT}
                        onChange={(file) => void send(person, kind, file)}
                        resetRef={(reset: (() => void) | null) => {
                          if (reset) resetPickers.current.set(key, reset);
                          else resetPickers.current.delete(key);
                        }}
                        disabled={current !== null || remove.isPending}
                      >
                        {(picker) => (
                          <Button
                            {...picker}
                            variant={document ? 'default' : 'light'}
                            size="xs"
                            leftSection={<IconFileUpload size={14} />}
                            aria-label={t(document ? 'documents.replaceNamed' : 'documents.uploadNamed', {
                              kind: kindName,
                              name: person.name,
                            })}
                            aria-describedby={`visa-documents-rules-${application.id}`}
                          >
                            {document ? t('documents.replace') : t('documents.upload')}
                          </Button>
                        )}
                      </FileButton>
                    )}
                    {editable && document && !going && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        leftSection={<IconTrash size={14} />}
                        disabled={current !== null}
                        loading={remove.isPending && remove.variables === document.id}
                        onClick={() => setRemoving({ document, key })}
                        aria-label={t('documents.removeNamed', { kind: kindName, name: person.name })}
                      >
                        {t('documents.remove')}
                      </Button>
                    )}
                  </div>
                  {going && (
                    <div className={classes.progress}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" className={classes.going}>
                          {going.progress >= 1
                            ? t('documents.checking', { file: going.fileName })
                            : t('documents.uploading', { file: going.fileName })}
                        </Text>
                        <Text size="sm" fw={600}>
                          {Math.round(going.progress * 100)}%
                        </Text>
                      </Group>
                      <Progress
                        value={going.progress * 100}
                        size="md"
                        radius="xl"
                        animated={going.progress >= 1}
                        aria-label={t('documents.uploading', { file: going.fileName })}
                      />
                      <Button variant="subtle" size="xs" color="gray" onClick={() => going.controller.abort()}>
                        {t('documents.cancel')}
                      </Button>
                    </div>
                  )}
                  {refusal && (
                    <Text size="sm" c="red.8" fw={600} role="alert" className={classes.refusal}>
                      {refusal}
                    </Text>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}

      <ConfirmDialog
        opened={removing !== null}
        title={removing ? t('documents.removeTitle', { kind: t(`documentKinds.${removing.document.kind}`) }) : ''}
        body={removing ? t('documents.removeBody', { file: removing.document.fileName }) : ''}
        cancel={t('documents.keep')}
        action={t('documents.removeConfirm')}
        color="red"
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemoval}
      />
      {fresh.dialog}
    </Stack>
  );
}

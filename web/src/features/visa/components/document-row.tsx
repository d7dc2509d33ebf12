import type { MouseEvent } from 'react';
import { Badge, Button, FileButton, Group, Progress, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { documentUrl } from '../api/documents.ts';
import { DOCUMENT_ACCEPT, type ChecklistRow } from '../document-checklist.ts';
import classes from './documents-section.module.css';
import type { Upload } from './use-document-upload.ts';

/**
 * One row of a person's checklist: the kind, present, missing or optional, its file (to open or
 * download), Upload or Replace and Remove, the progress while its file goes up, and its refusal.
 */
export function DocumentRow(props: {
  row: ChecklistRow;
  personName: string;
  applicationId: string;
  /** Opening a file: passport scans and bank statements ask a fresh sign-in first. */
  onOpen: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The file going up in this row, if any. */
  going: Upload | null;
  /** A file is going up (in any row): one change at a time. */
  uploading: boolean;
  /** A file is being removed (in any row), and whether it is this row's. */
  removePending: boolean;
  removing: boolean;
  refusal: string | undefined;
  rulesId: string;
  pickerReset: (reset: (() => void) | null) => void;
  onPick: (file: File | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const { row, going } = props;
  const { document } = row;
  const kindName = t(`documentKinds.${row.kind}`);
  return (
    <li className={classes.row}>
      <div className={classes.what}>
        <span className={classes.kind}>{kindName}</span>
        {document ? (
          <Badge color="teal" variant="light" size="sm" leftSection={<IconCircleCheck size={12} />}>
            {t('documents.present')}
          </Badge>
        ) : row.required ? (
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
              href={documentUrl(props.applicationId, document.id)}
              download={document.fileName}
              onClick={props.onOpen}
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
        {!going && (
          <FileButton
            accept={DOCUMENT_ACCEPT}
            onChange={props.onPick}
            resetRef={props.pickerReset}
            disabled={props.uploading || props.removePending}
          >
            {(picker) => (
              <Button
                {...picker}
                variant={document ? 'default' : 'light'}
                size="xs"
                leftSection={<IconFileUpload size={14} />}
                aria-label={t(document ? 'documents.replaceNamed' : 'documents.uploadNamed', {
                  kind: kindName,
                  name: props.personName,
                })}
                aria-describedby={props.rulesId}
              >
                {document ? t('documents.replace') : t('documents.upload')}
              </Button>
            )}
          </FileButton>
        )}
        {document && !going && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            disabled={props.uploading}
            loading={props.removing}
            onClick={props.onRemove}
            aria-label={t('documents.removeNamed', { kind: kindName, name: props.personName })}
          >
            {t('documents.remove')}
          </Button>
        )}
      </div>
      {going && <UploadProgress going={going} />}
      {props.refusal && (
        <Text size="sm" c="red.8" fw={600} role="alert" className={classes.refusal}>
          {props.refusal}
        </Text>
      )}
    </li>
  );
}

/** A file going up: how far, "checking" once it is all sent, and Cancel. */
function UploadProgress({ going }: { going: Upload }) {
  const { t } = useTranslation('visaApplicationForm');
  const words = going.progress >= 1 ? 'documents.checking' : 'documents.uploading';
  return (
    <div className={classes.progress}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" className={classes.going}>
          {t(words, { file: going.fileName })}
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
  );
}

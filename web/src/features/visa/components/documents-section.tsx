import { useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { VisaApplication, VisaDocument } from '@aylal/shared/schemas/visa';
import { VISA_ACCOUNT_DOCUMENT_BYTES } from '@aylal/shared/visa-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useFreshSignIn } from '../../../lib/use-fresh-sign-in.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { useMyVisaApplications } from '../api/applications.ts';
import { useDeleteDocument } from '../api/documents.ts';
import { checklistPeople, checklistProgress } from '../document-checklist.ts';
import { DocumentRow } from './document-row.tsx';
import classes from './documents-section.module.css';
import { useDocumentUpload } from './use-document-upload.ts';

/**
 * The supporting documents (spec section 3) of an application being edited: a checklist per
 * person (`checklistPeople`), the applicant first and then each dependant, each row present (its
 * file, to open or download) or missing. One file goes up at a time, with its progress
 * (`useDocumentUpload`); uploading again replaces a file; removing one asks first.
 */
export function DocumentsSection({ application }: { application: VisaApplication }) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  // What all the account's documents take (its applications' list answers it).
  const storedBytes = useMyVisaApplications().data?.usage.documentBytes ?? 0;
  const remove = useDeleteDocument(application.id);
  const uploads = useDocumentUpload(application.id);
  const { current } = uploads;
  const [removing, setRemoving] = useState<{ document: VisaDocument; key: string } | null>(null);
  // Passport scans and bank statements open on a fresh sign-in only (docs/decisions/023).
  const fresh = useFreshSignIn();
  const rulesId = `visa-documents-rules-${application.id}`;

  // The applicant goes by their name with "Applicant" beside it, or by "Applicant" alone.
  const applicant = t('documents.applicant');
  const people = checklistPeople(application).map((person) => {
    if (person.dependantId === null) {
      return { ...person, name: person.name || applicant, role: person.name ? applicant : '' };
    }
    const role = person.relationship ? t(`relationships.${person.relationship}`) : t('documents.dependant');
    return { ...person, role };
  });
  const progress = checklistProgress(application);

  function confirmRemoval() {
    if (!removing) return;
    const { document, key } = removing;
    setRemoving(null);
    uploads.setRefusal(key, null);
    remove.mutate(document.id, {
      onError: () => uploads.setRefusal(key, t('documents.errors.removeFailed')),
    });
  }

  return (
    <Stack gap="lg">
      <div className={classes.rules}>
        <IconInfoCircle size={18} aria-hidden="true" className={classes.rulesIcon} />
        <div>
          <Text fw={600} size="sm" id={rulesId}>
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
      {progress.required > 0 && (
        <Text size="sm" fw={600} className={classes.summary}>
          {t('documents.progress', { count: progress.present, total: progress.required })}
        </Text>
      )}
      <Text size="sm" c="teal.8" role="status" aria-live="polite" className={classes.status}>
        {uploads.done}
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
            {person.rows.map((row) => (
              <DocumentRow
                key={row.kind}
                row={row}
                personName={person.name}
                applicationId={application.id}
                onOpen={fresh.guardLink}
                going={current?.key === row.key ? current : null}
                uploading={current !== null}
                removePending={remove.isPending}
                removing={remove.isPending && remove.variables === row.document?.id}
                refusal={uploads.refusals[row.key]}
                rulesId={rulesId}
                pickerReset={uploads.pickerReset(row.key)}
                onPick={(file) => void uploads.send(person.dependantId, person.name, row.kind, file)}
                onRemove={() => row.document && setRemoving({ document: row.document, key: row.key })}
              />
            ))}
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

import type { MouseEvent, ReactNode } from 'react';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@aylal/shared/i18n';
import type { AdminVisaDetail, VisaDocument } from '@aylal/shared/schemas/visa';
import { requiredDocuments, VISA_DOCUMENT_KINDS, type VisaDocumentKind } from '@aylal/shared/visa-rules';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { visaDocumentUrl } from '../api/admin-visa.ts';

/** Opens a file on a fresh sign-in (docs/decisions/023). */
export type FollowLink = (event: MouseEvent<HTMLAnchorElement>) => void;

/** Each person's checklist: what the purpose asks for (present or missing) and any other file sent. */
export function ApplicationDocuments({ data, followLink }: { data: AdminVisaDetail; followLink: FollowLink }) {
  const { t } = useTranslation(['visaApplicationForm', 'admin']);
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const people: { id: string | null; name: string; kind: 'applicant' | 'dependant' }[] = [
    { id: null, name: `${data.form.firstName} ${data.form.lastName}`.trim() || t('pdf.applicant'), kind: 'applicant' },
    ...data.dependantList.map((dependant) => ({
      id: dependant.id,
      name: `${dependant.firstName} ${dependant.lastName}`,
      kind: 'dependant' as const,
    })),
  ];
  return (
    <Stack gap="lg">
      {people.map((person) => {
        const files = data.documents.filter((document) => document.dependantId === person.id);
        const asked = requiredDocuments(data.form.purpose, person.kind);
        const kinds = VISA_DOCUMENT_KINDS.filter(
          (kind) => asked.includes(kind) || files.some((file) => file.kind === kind),
        );
        return (
          <Stack key={person.id ?? 'applicant'} gap={6}>
            <Text fw={600} size="sm">
              {person.name}
              {person.kind === 'applicant' && (
                <Text span c="dimmed" size="xs">
                  {' '}
                  · {t('pdf.applicant')}
                </Text>
              )}
            </Text>
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing={6}>
                <Table.Tbody>
                  {kinds.map((kind) => (
                    <DocumentRow
                      key={kind}
                      kind={kind}
                      file={files.find((file) => file.kind === kind)}
                      applicationId={data.id}
                      language={language}
                      timeZone={timeZone}
                      followLink={followLink}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        );
      })}
    </Stack>
  );
}

function DocumentRow(props: {
  kind: VisaDocumentKind;
  file: VisaDocument | undefined;
  applicationId: string;
  language: Language;
  /** The agency's zone: staff read the upload's time on its clock (docs/decisions/030). */
  timeZone: string;
  /** Opens the file on a fresh sign-in (docs/decisions/023). */
  followLink: FollowLink;
}) {
  const { t } = useTranslation(['visaApplicationForm', 'admin']);
  const { file } = props;
  const url = file ? visaDocumentUrl(props.applicationId, file.id) : '';
  return (
    <Table.Tr>
      <Table.Td w="30%">
        <Text size="sm">{t(`documentKinds.${props.kind}`)}</Text>
      </Table.Td>
      <Table.Td>
        {file ? (
          <Stack gap={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.fileName}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(file.size, props.language)} ·{' '}
              {formatDateTimeInZone(file.createdAt, props.language, props.timeZone)}
            </Text>
          </Stack>
        ) : (
          <Badge color="red" variant="light">
            {t('admin:visa.detail.missing')}
          </Badge>
        )}
      </Table.Td>
      <Table.Td className="nowrap">
        {file && (
          <Group gap="sm" wrap="nowrap" justify="flex-end">
            <FileLink
              href={`${url}?inline=1`}
              newTab
              label={t('admin:visa.detail.openFile')}
              icon={<IconExternalLink size={14} />}
              fileName={file.fileName}
              onClick={props.followLink}
            />
            <FileLink
              href={url}
              download
              label={t('admin:visa.detail.download')}
              icon={<IconDownload size={14} />}
              fileName={file.fileName}
              onClick={props.followLink}
            />
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** A link to a document (open in a new tab, or download under its own name), named for a screen reader. */
function FileLink(props: {
  href: string;
  label: string;
  icon: ReactNode;
  fileName: string;
  newTab?: boolean;
  download?: boolean;
  onClick: FollowLink;
}) {
  return (
    <Anchor
      href={props.href}
      target={props.newTab ? '_blank' : undefined}
      rel={props.newTab ? 'noopener' : undefined}
      download={props.download ? props.fileName : undefined}
      onClick={props.onClick}
      size="sm"
      aria-label={`${props.label}: ${props.fileName}`}
    >
      <Group gap={4} wrap="nowrap">
        {props.icon}
        {props.label}
      </Group>
    </Anchor>
  );
}

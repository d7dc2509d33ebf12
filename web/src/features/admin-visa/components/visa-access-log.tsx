import { List, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import type { AdminVisaAccessRecord } from '@aylal/shared/schemas/visa';
import { SideCard } from '../../../components/side-card.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';

import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useVisaAccessLog } from '../api/admin-visa.ts';

/** "Oyun Bold opened a document: Passport scan": one look as a sentence. */
function useSentence() {
  const { t } = useTranslation(['admin', 'visaApplicationForm']);
  return ({ kind, actor, detail }: AdminVisaAccessRecord) => {
    const name = actor.name || actor.email;
    switch (kind) {
      case 'passport-reveal':
        return t('visa.accessLog.passportReveal', { name });
      case 'document-open':
        return detail.documentKind
          ? t('visa.accessLog.documentOpen', {
              name,
              document: t(`visaApplicationForm:documentKinds.${detail.documentKind}`),
            })
          : t('visa.accessLog.documentOpenUnknown', { name });
      case 'staff-pdf':
        return t('visa.accessLog.staffPdf', { name });
      case 'visa-csv':
        return t('visa.accessLog.visaCsv', { name, count: detail.count ?? 0 });
    }
  };
}

/**
 * Who looked at the application's personal data (docs/decisions/027), newest first: each passport
 * reveal, document or PDF opened and CSV export listing it, with when and from which address.
 */
export function VisaAccessLog({ id }: { id: string }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const log = useVisaAccessLog(id);
  const sentence = useSentence();

  return (
    <SideCard title={t('visa.accessLog.title')}>
      {log.isPending ? (
        <Loader size="sm" />
      ) : log.isError ? (
        <RetryAlert query={log} />
      ) : log.data.records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('visa.accessLog.empty')}
        </Text>
      ) : (
        <>
          <List spacing="sm" listStyleType="none">
            {log.data.records.map((record) => (
              <List.Item key={record.id}>
                <Text size="sm">{sentence(record)}</Text>
                <Text size="xs" c="dimmed">
                  <time dateTime={record.at}>{formatDateTimeInZone(record.at, language, timeZone)}</time>
                  {record.ip && ` · ${t('visa.accessLog.address', { ip: record.ip })}`}
                </Text>
              </List.Item>
            ))}
          </List>
          {log.data.total > log.data.records.length && (
            <Text size="xs" c="dimmed">
              {t('visa.accessLog.more', { shown: log.data.records.length, count: log.data.total })}
            </Text>
          )}
        </>
      )}
    </SideCard>
  );
}

import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TitledPart } from '../../../components/titled-part.tsx';
import { notifySuccess } from '../../../components/notify.ts';

/**
 * The backup codes, shown once: to copy or download, then "I have saved them". Each lets the
 * person sign in once without their phone.
 */
export function BackupCodes(props: { codes: string[]; email: string; onDone: () => void }) {
  const { t } = useTranslation('secondFactor');
  const text = [t('backup.fileHeader', { email: props.email }), '', ...props.codes, ''].join('\n');

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = 'aylal-backup-codes.txt';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return (
    <TitledPart title={t('backup.title')}>
      <Alert color="yellow" variant="light" role="note">
        {t('backup.intro')}
      </Alert>
      <List
        aria-label={t('backup.listLabel')}
        listStyleType="none"
        ff="monospace"
        fz="md"
        spacing={4}
        styles={{ root: { columns: '2 8rem', paddingInlineStart: 0 } }}
        data-testid="backup-codes"
      >
        {props.codes.map((code) => (
          <List.Item key={code}>
            <Text span ff="monospace" fw={600}>
              {code}
            </Text>
          </List.Item>
        ))}
      </List>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => notifySuccess(t('backup.copied')),
              () => undefined,
            )
          }
        >
          {t('backup.copy')}
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          {t('backup.download')}
        </Button>
        <Button onClick={props.onDone}>{t('backup.done')}</Button>
      </Group>
    </TitledPart>
  );
}

import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AdminContactReplyRequestSchema, type AdminContactDetail } from '@aylal/shared/schemas/contact';
import { useTextForm } from '../../../lib/forms/use-text-form.ts';

/**
 * The reply by email: a saved reply (in the person's language, their name filled in) may be put
 * in and edited before sending.
 */
export function ReplyForm(props: {
  data: AdminContactDetail;
  busy: boolean;
  onSend: (body: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin');
  const { form, submit } = useTextForm(AdminContactReplyRequestSchema, 'body', props.onSend);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Select
          label={t('contact.reply.saved')}
          placeholder={t('contact.reply.savedPlaceholder')}
          clearable
          value={null}
          data={props.data.savedReplies.map((saved) => ({ value: saved.key, label: t(`contact.saved.${saved.key}`) }))}
          onChange={(key) => {
            const saved = props.data.savedReplies.find((entry) => entry.key === key);
            if (saved) form.setFieldValue('body', saved.body);
          }}
        />
        <Textarea label={t('contact.reply.label')} required autosize minRows={5} {...form.getInputProps('body')} />
        <Text size="xs" c="dimmed">
          {t('contact.reply.inLanguage', { language: t(`contact.languages.${props.data.language}`) })}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={props.busy}>
            {t('contact.reply.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Button, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTACT_TYPES, ContactFormSchema, type ContactForm as Values } from '@aylal/shared/schemas/contact';
import { isLanguage } from '@aylal/shared/i18n';
import { notifyError } from '../../../components/notify.ts';
import { ApiRequestError, errorMessage } from '../../../lib/api-client.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { contactFormTokenOptions, useContactFormToken, useSendContact } from '../api/contact.ts';
import classes from '../components/contact.module.css';

/**
 * The contact form (spec section 3's contact message): checked with the schema the server uses.
 * A hidden field people never see and the server's token of when the form opened go with it
 * (bots fill in the first and send at once; docs/decisions/025). Refused by the server or not
 * sent, the screen says so and why, and everything typed stays.
 */
export function ContactForm(props: { initial: Values; onSent: (reference: string, email: string) => void }) {
  const { t, i18n } = useTranslation(['contactUs', 'error']);
  const client = useQueryClient();
  const send = useSendContact();
  const token = useContactFormToken();
  const [website, setWebsite] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { form, onSubmit, showServerErrors } = useSchemaForm<Values>({
    schema: ContactFormSchema,
    initialValues: props.initial,
  });

  const submit = onSubmit(async (values) => {
    setProblem(null);
    try {
      const language = isLanguage(i18n.language) ? i18n.language : undefined;
      const formToken = token.data?.token ?? (await client.fetchQuery(contactFormTokenOptions)).token;
      const { reference } = await send.mutateAsync({
        ...values,
        website,
        formToken,
        ...(language ? { language } : {}),
      });
      props.onSent(reference, values.email.trim());
    } catch (failure) {
      if (showServerErrors(failure)) return;
      const code = failure instanceof ApiRequestError ? failure.code : '';
      // What the next try needs: a new token for one too old or unreadable, the hidden field empty.
      if (code === 'CONTACT_FORM_EXPIRED' || code === 'CONTACT_FORM_INVALID') void token.refetch();
      if (code === 'CONTACT_HIDDEN_FIELD') setWebsite('');
      // A refusal the server words (why it was not sent) in its words; anything else: not sent.
      const message =
        failure instanceof ApiRequestError && failure.status >= 400 && failure.status < 500
          ? errorMessage(failure)
          : t('messages.sendFailed');
      setProblem(message);
      notifyError(message);
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('title')}>
      <Stack gap="md">
        {problem && (
          <Alert color="red" role="alert" title={t('notSent.title')} data-testid="contact-not-sent">
            <Stack gap={4}>
              <Text size="sm">{problem}</Text>
              <Text size="sm">{t('notSent.kept')}</Text>
            </Stack>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('form.type')}
            required
            allowDeselect={false}
            data={CONTACT_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            {...form.getInputProps('type')}
          />
          <TextInput label={t('form.title')} required {...form.getInputProps('title')} />
          <TextInput label={t('form.name')} required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput
            label={t('form.email')}
            type="email"
            required
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <TextInput
            label={t('form.contact')}
            description={t('form.contactHint')}
            autoComplete="tel"
            {...form.getInputProps('contact')}
          />
        </SimpleGrid>
        <Textarea
          label={t('form.message')}
          required
          autosize
          minRows={5}
          // Said as it fills, so that text pasted past the limit is not cut without a word (issue 23).
          description={`${form.values.message.length} / 5000`}
          {...form.getInputProps('message')}
        />
        {/* The hidden field: out of sight and out of the tab order; people leave it empty. */}
        <div className={classes.trap} aria-hidden="true">
          <label>
            {t('form.website')}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={website}
              onChange={(event) => setWebsite(event.currentTarget.value)}
            />
          </label>
        </div>
        <Button type="submit" loading={send.isPending} style={{ alignSelf: 'flex-start' }}>
          {t('form.send')}
        </Button>
      </Stack>
    </form>
  );
}

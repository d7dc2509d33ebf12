import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@aylal/shared/money';
import { VisaSettingsSchema, type VisaSettings } from '@aylal/shared/schemas/visa';
import { VISA_PROCESSING_PRICE_MAX } from '@aylal/shared/visa-rules';
import { Loaded } from '../../../components/loaded.tsx';
import { runAction } from '../../../lib/run-action.ts';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useSaveVisaSettings, useVisaSettings } from '../api/admin-visa.ts';

/** The paid visa processing add-on's price in whole US dollars; 0 takes it off the form. */
export function VisaSettingsForm() {
  return <Loaded query={useVisaSettings()}>{(saved) => <PriceForm saved={saved} />}</Loaded>;
}

function PriceForm({ saved }: { saved: VisaSettings }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const save = useSaveVisaSettings();
  const { form, onSubmit, showServerErrors, reset } = useSchemaForm({
    schema: VisaSettingsSchema,
    initialValues: saved,
    live: true,
  });
  const price = form.values.processingPriceUsd;
  // The schema's refusal (live) says what is wrong; a price it accepts is shown as travellers see it.
  const valid = !form.errors.processingPriceUsd && price > 0;

  const submit = onSubmit(async (settings) => {
    await runAction(async () => reset(await save.mutateAsync(settings)), t('settings.visa.saved'), {
      shown: showServerErrors,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="sm" align="flex-start">
          <NumberInput
            label={t('settings.visa.price')}
            description={t('settings.visa.priceHint')}
            w={260}
            min={0}
            max={VISA_PROCESSING_PRICE_MAX}
            allowDecimal={false}
            allowNegative={false}
            prefix="$"
            thousandSeparator=","
            {...form.getInputProps('processingPriceUsd')}
          />
        </Group>
        <Text size="sm" c={valid ? undefined : 'dimmed'} aria-live="polite">
          {valid
            ? t('settings.visa.shown', {
                usd: formatPrice(price, 'USD', language),
                mnt: formatPrice(price, 'MNT', language),
              })
            : price === 0
              ? t('settings.visa.notOffered')
              : ''}
        </Text>
        <Group>
          <Button type="submit" disabled={!form.isDirty()} loading={save.isPending}>
            {t('settings.visa.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

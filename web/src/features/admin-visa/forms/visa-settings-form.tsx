import { Group, NumberInput, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@aylal/shared/money';
import { VisaSettingsSchema } from '@aylal/shared/schemas/visa';
import { VISA_PROCESSING_PRICE_MAX } from '@aylal/shared/visa-rules';
import { SettingsForm } from '../../../lib/forms/settings-form.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { useSaveVisaSettings, useVisaSettings } from '../api/admin-visa.ts';

/** The paid visa processing add-on's price in whole US dollars; 0 takes it off the form. */
export function VisaSettingsForm() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <SettingsForm query={useVisaSettings()} schema={VisaSettingsSchema} save={useSaveVisaSettings()} words="visa">
      {(form) => {
        const price = form.values.processingPriceUsd;
        // The schema's refusal (live) says what is wrong; a price it accepts is shown as travellers see it.
        const valid = !form.errors.processingPriceUsd && price > 0;
        return (
          <>
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
          </>
        );
      }}
    </SettingsForm>
  );
}

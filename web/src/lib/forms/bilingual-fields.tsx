import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export const LANGUAGES = ['en', 'mn'] as const;

/** The message of one half of a bilingual pair (a rule on the pair itself shows on the English half). */
export const pairError = <T,>(form: UseFormReturnType<T>, path: string, language: 'en' | 'mn') =>
  form.errors[`${path}.${language}`] ?? (language === 'en' ? form.errors[path] : undefined);

/** "Title (English)": a field's label with the language of its half. */
export function useLanguageLabel() {
  const { t } = useTranslation('admin');
  return (label: string, language: 'en' | 'mn') =>
    `${label} (${t(language === 'en' ? 'tripForm.english' : 'tripForm.mongolian')})`;
}

/** One text in both languages (`path.en`, `path.mn`): two fields side by side, stacked on a phone. */
export function BilingualFields<T>({
  form,
  path,
  label,
  long = false,
  description,
}: {
  form: UseFormReturnType<T>;
  path: string;
  label: string;
  long?: boolean;
  description?: string;
}) {
  const labelled = useLanguageLabel();
  const Input = long ? Textarea : TextInput;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {LANGUAGES.map((language) => (
        <Input
          key={language}
          label={labelled(label, language)}
          description={description}
          {...form.getInputProps(`${path}.${language}`)}
          error={pairError(form, path, language)}
          {...(long ? { autosize: true, minRows: 3 } : {})}
        />
      ))}
    </SimpleGrid>
  );
}

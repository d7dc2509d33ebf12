import type { ComponentType } from 'react';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageShell } from '../../../components/page-shell.tsx';

type AdminWord = ParseKeys<'admin'>;

/**
 * A back-office route whose screen is one feature's component on a `PageShell`: its title and
 * intro (admin words), and the page's "New …" link when it has one.
 */
export function shellPage(
  words: { title: AdminWord; intro: AdminWord; create?: { to: string; label: AdminWord } },
  Content: ComponentType,
) {
  return function Component() {
    const { t } = useTranslation('admin');
    const { create } = words;
    return (
      <PageShell
        title={t(words.title)}
        intro={t(words.intro)}
        action={
          create && (
            <Button component={Link} to={create.to} leftSection={<IconPlus size={16} />}>
              {t(create.label)}
            </Button>
          )
        }
      >
        <Content />
      </PageShell>
    );
  };
}

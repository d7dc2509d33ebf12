import { Anchor, Box, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AGENCY_CONTACT } from '@aylal/shared/contact';
import { Logo } from '../../components/logo.tsx';
import { LanguageSwitch } from '../../features/language/language-switch.tsx';
import classes from './footer.module.css';

export function Footer() {
  const { t } = useTranslation('footer');
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="xl">
          <Stack gap="sm">
            <Group gap={10}>
              <Logo />
              <Text fw={800} fz="lg" c="white">
                {t('common:appName')}
              </Text>
            </Group>
            <Text size="sm" className={classes.muted}>
              {t('tagline')}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white" component="h2" fz="sm" tt="uppercase" m={0}>
              {t('services')}
            </Text>
            <Anchor component={Link} to="/trips" className={classes.link}>
              {t('publicNav:trips')}
            </Anchor>
            <Anchor component={Link} to="/jobs" className={classes.link}>
              {t('publicNav:jobs')}
            </Anchor>
            <Anchor component={Link} to="/visa" className={classes.link}>
              {t('publicNav:visa')}
            </Anchor>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white" component="h2" fz="sm" tt="uppercase" m={0}>
              {t('company')}
            </Text>
            <Text size="sm" className={classes.muted}>
              {t('address')}
            </Text>
            <Anchor
              href={`mailto:${AGENCY_CONTACT.email}`}
              className={classes.link}
              aria-label={`${t('emailLabel')}: ${AGENCY_CONTACT.email}`}
            >
              {AGENCY_CONTACT.email}
            </Anchor>
            <Anchor
              href={`tel:${AGENCY_CONTACT.phone.replace(/\s/g, '')}`}
              className={classes.link}
              aria-label={`${t('phoneLabel')}: ${AGENCY_CONTACT.phone}`}
            >
              {AGENCY_CONTACT.phone}
            </Anchor>
            <Text size="sm" className={classes.muted}>
              {t('hours')}
            </Text>
          </Stack>
          <Stack gap={6}>
            <Text fw={700} c="white" component="h2" fz="sm" tt="uppercase" m={0}>
              {t('language')}
            </Text>
            <Box maw={160}>
              <LanguageSwitch inverted />
            </Box>
          </Stack>
        </SimpleGrid>
        <Group justify="space-between" mt={40} pt="md" className={classes.bottom}>
          <Text size="xs" className={classes.muted}>
            {t('rights', { year: new Date().getFullYear() })}
          </Text>
          <Anchor href="/api/docs" size="xs" className={classes.link}>
            {t('apiDocs')}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}

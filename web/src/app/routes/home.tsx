import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBriefcase,
  IconHeartHandshake,
  IconMapPin,
  IconPlaneDeparture,
  IconReceipt,
  IconEPassport,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './home.module.css';

const SERVICES = [
  { key: 'trips', to: '/trips', icon: IconPlaneDeparture, color: 'brand' },
  { key: 'jobs', to: '/jobs', icon: IconBriefcase, color: 'teal' },
  { key: 'visa', to: '/visa', icon: IconEPassport, color: 'sand' },
] as const;

const REASONS = [
  { key: 'local', icon: IconMapPin },
  { key: 'clear', icon: IconReceipt },
  { key: 'care', icon: IconHeartHandshake },
] as const;

export function Component() {
  const { t } = useTranslation(['landing', 'landingNew']);
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" className={classes.heroInner}>
          <Stack gap="lg" maw={680}>
            <Text className={classes.eyebrow}>{t('hero.eyebrow')}</Text>
            <Title order={1} className={classes.heroTitle}>
              {t('hero.title')}
            </Title>
            <Text className={classes.heroSubtitle}>{t('hero.subtitle')}</Text>
            <Group gap="sm">
              <Button component={Link} to="/trips" size="lg" color="sand.4" c="dark.9">
                {t('hero.ctaTrips')}
              </Button>
              <Button component={Link} to="/visa" size="lg" variant="white" c="brand.9">
                {t('hero.ctaConsult')}
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>

      <Container size="lg" py={72}>
        <Stack gap="xs" mb={40} ta="center" align="center">
          <Title order={2}>{t('services.title')}</Title>
          <Text c="dimmed" maw={560}>
            {t('services.subtitle')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {SERVICES.map((service) => (
            <Card key={service.key} withBorder radius="lg" padding="xl" className={classes.card}>
              <Stack gap="md" h="100%">
                <ThemeIcon size={52} radius="md" variant="light" color={service.color}>
                  <service.icon size={28} stroke={1.6} />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {t(`services.${service.key}.title`)}
                </Title>
                <Text c="dimmed" style={{ flex: 1 }}>
                  {t(`services.${service.key}.body`)}
                </Text>
                <Button component={Link} to={service.to} variant="light" fullWidth>
                  {t(`services.${service.key}.cta`)}
                </Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Container>

      <Box className={classes.why}>
        <Container size="lg" py={64}>
          <Title order={2} ta="center" mb={40}>
            {t('landingNew:why.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            {REASONS.map((reason) => (
              <Group key={reason.key} align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="xl" color="brand">
                  <reason.icon size={22} stroke={1.7} />
                </ThemeIcon>
                <Stack gap={4}>
                  <Title order={3} size="h5">
                    {t(`landingNew:why.${reason.key}.title`)}
                  </Title>
                  <Text c="dimmed" size="sm">
                    {t(`landingNew:why.${reason.key}.body`)}
                  </Text>
                </Stack>
              </Group>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="md" py={72}>
        <Card radius="lg" padding="xl" className={classes.cta}>
          <Stack align="center" ta="center" gap="md">
            <Title order={2} c="white">
              {t('landingNew:cta.title')}
            </Title>
            <Text c="white" maw={520}>
              {t('landingNew:cta.body')}
            </Text>
            <Button component={Link} to="/trips" size="md" variant="white" c="brand.9">
              {t('landingNew:cta.button')}
            </Button>
          </Stack>
        </Card>
      </Container>
    </>
  );
}

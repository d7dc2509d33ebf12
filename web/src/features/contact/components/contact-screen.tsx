import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { AGENCY_CONTACT } from '@aylal/shared/agency';
import { CONTACT_TYPES, type ContactType } from '@aylal/shared/contact-rules';
import { formatDate } from '@aylal/shared/dates';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import type { ContactForm as FormValues, ContactMineItem } from '@aylal/shared/schemas/contact';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import { useMyContactMessages } from '../api/contact.ts';
import { ContactForm } from '../forms/contact-form.tsx';
import classes from './contact.module.css';

const isContactType = (value: string | null): value is ContactType =>
  (CONTACT_TYPES as readonly (string | null)[]).includes(value);

/** One conversation: its subject, reference, state, and what the person and the team wrote, in order. */
function MessageCard({ item, linked }: { item: ContactMineItem; linked: boolean }) {
  const { t } = useTranslation('contactUs');
  const language = useLanguage();
  return (
    <Card
      id={`message-${item.id}`}
      withBorder
      radius="md"
      padding="md"
      // Clear of the sticky header when a link scrolls to it.
      style={{ scrollMarginTop: 80 }}
    >
      <Group justify="space-between" gap="xs" mb="xs">
        {linked ? (
          <Anchor component={Link} to={`/contact/${item.reference}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Anchor>
        ) : (
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.title}
          </Text>
        )}
        <Badge variant="light" color={item.state === 'waiting' ? 'teal' : 'gray'}>
          {t(`mine.states.${item.state}`)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {item.reference} · {formatDate(item.createdAt, language)}
      </Text>
      <Stack gap="xs">
        {item.entries.map((entry, index) => (
          <Paper key={index} p="sm" radius="sm" bg={entry.kind === 'reply' ? 'teal.0' : 'gray.0'}>
            <Text size="xs" fw={600} c="dimmed">
              {entry.kind === 'reply' ? t('mine.team') : t('mine.you')} ·{' '}
              {formatDateTimeInZone(entry.createdAt, language)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.body}
            </Text>
          </Paper>
        ))}
      </Stack>
    </Card>
  );
}

/** The signed-in person's messages and the replies they were sent, each opening its own page. */
function MyMessages() {
  const { t } = useTranslation('contactUs');
  const mine = useMyContactMessages(true);
  const { hash } = useLocation();
  const loaded = mine.data !== undefined;
  // The list arrives after the page is drawn: a link to it (`#mine`, or one message from the
  // timeline, `#message-<id>`) is scrolled to once it is there.
  useEffect(() => {
    if (!loaded || !/^#(mine|message-[0-9a-f-]{36})$/.test(hash)) return;
    const frame = requestAnimationFrame(() =>
      document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start', behavior: 'instant' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [loaded, hash]);
  if (!mine.data) return null;
  return (
    <Stack gap="sm" id="mine" component="section" aria-labelledby="mine-title">
      <Title order={2} size="h3" id="mine-title">
        {t('mine.title')}
      </Title>
      {mine.data.items.length === 0 && <Text c="dimmed">{t('mine.empty')}</Text>}
      {mine.data.items.map((item) => (
        <MessageCard key={item.id} item={item} linked />
      ))}
    </Stack>
  );
}

/**
 * /contact/:reference: one of the signed-in person's conversations with its replies (a reply's
 * notification opens it); one that is not theirs is not found.
 */
function Conversation({ reference }: { reference: string }) {
  const { t } = useTranslation('contactUs');
  const mine = useMyContactMessages(true);
  const item = mine.data?.items.find((found) => found.reference === reference);
  return (
    <Container size="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Anchor component={Link} to="/contact#mine" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} aria-hidden="true" />
            {t('mine.all')}
          </Group>
        </Anchor>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>
          {item?.title ?? reference}
        </Title>
        {mine.isPending && <Loader size="sm" />}
        {mine.isError && (
          <Alert color="red" role="alert">
            {errorMessage(mine.error)}
          </Alert>
        )}
        {mine.data && !item && (
          <Alert color="gray" role="status">
            {t('mine.notFound')}
          </Alert>
        )}
        {item && <MessageCard item={item} linked={false} />}
      </Stack>
    </Container>
  );
}

/**
 * /contact: the contact form, its type and subject taken from the link that led here
 * (`?type=trips&about=Gobi Highlights`: "About: Gobi Highlights"), the signed-in person's name,
 * email and phone filled in; once sent, the reference. Signed in, their messages follow.
 */
export function ContactScreen() {
  const { reference } = useParams();
  return reference ? <Conversation reference={reference} /> : <ContactPage />;
}

function ContactPage() {
  const { t } = useTranslation('contactUs');
  const [params] = useSearchParams();
  const { user } = useSession();
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const [round, setRound] = useState(0);
  const typeParam = params.get('type');
  const type: ContactType = isContactType(typeParam) ? typeParam : 'general';
  const about = params.get('about')?.trim().slice(0, 120) ?? '';
  const initial: FormValues = {
    type,
    title: about ? t('form.about', { title: about }) : type === 'visa' ? t('form.aboutVisa') : '',
    name: user?.name ?? '',
    email: user?.email ?? '',
    contact: user?.phoneNumber ?? '',
    message: '',
  };

  return (
    <Container size="md" py={{ base: 24, sm: 40 }}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        {sent ? (
          <Alert color="teal" icon={<IconCircleCheck />} title={t('sent.title')} role="status">
            <Stack gap="sm">
              <Text size="sm">{t('sent.body', { email: sent.email })}</Text>
              <div>
                <Text size="sm" c="dimmed">
                  {t('sent.reference')}
                </Text>
                <Text className={classes.reference} data-testid="contact-reference">
                  {sent.reference}
                </Text>
              </div>
              <Button
                variant="light"
                style={{ alignSelf: 'flex-start' }}
                onClick={() => {
                  setSent(null);
                  setRound(round + 1);
                }}
              >
                {t('sent.another')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            {/* Keyed by the session, so the signed-in person's details come in once known. */}
            <ContactForm
              key={`${user?.id ?? 'anonymous'}-${round}-${type}-${about}`}
              initial={initial}
              onSent={(reference, email) => setSent({ reference, email })}
            />
          </Paper>
        )}
        <Text size="sm" c="dimmed">
          {t('direct', { email: AGENCY_CONTACT.email, phone: AGENCY_CONTACT.phone })}
        </Text>
        {user && <MyMessages />}
      </Stack>
    </Container>
  );
}

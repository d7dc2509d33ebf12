import { useState, type ReactNode } from 'react';
import { Anchor, Grid, Group, Paper, Select, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconMail, IconMessage, IconNote, IconSettings } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { CONTACT_SETTABLE_STATES, type ContactSettableState } from '@aylal/shared/contact-rules';
import type { AdminContactDetail, AdminContactEvent, ContactMergePeople } from '@aylal/shared/schemas/contact';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { BackLink, NotLoaded } from '../../../components/retry-alert.tsx';
import { HistoryCard } from '../../../components/history-card.tsx';
import { notifySuccess } from '../../../components/notify.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { notifyFailure, runAction } from '../../../lib/run-action.ts';
import { useAgencyTimeZone } from '../../../lib/agency-zone.ts';
import { useLanguage } from '../../../lib/use-language.ts';
import {
  useAdminContact,
  useContactAssign,
  useContactMerge,
  useContactNote,
  useContactReply,
  useContactState,
  useMarkContactRead,
} from '../api/admin-contact.ts';
import { MergeForm, NoteForm } from '../forms/note-form.tsx';
import { ReplyForm } from '../forms/reply-form.tsx';
import { ContactStateBadge } from './contact-badges.tsx';
import { SideCard } from '../../../components/side-card.tsx';

const ICONS: Record<AdminContactEvent['kind'], ReactNode> = {
  received: <IconMessage size={14} />,
  reply: <IconMail size={14} />,
  note: <IconNote size={14} />,
  state: <IconSettings size={14} />,
  assign: <IconSettings size={14} />,
  merge: <IconSettings size={14} />,
};

function EventTitle({ event, data }: { event: AdminContactEvent; data: AdminContactDetail }) {
  const { t } = useTranslation('admin');
  const actor = event.actor ?? t('contact.events.staff');
  switch (event.kind) {
    case 'received':
      // A message merged in from another conversation says which, and who wrote it.
      return event.reference && event.reference !== data.reference ? (
        <>{t('contact.events.receivedMerged', { name: event.from ?? data.name, reference: event.reference })}</>
      ) : (
        <>{t('contact.events.received', { name: event.from ?? data.name })}</>
      );
    case 'reply':
      return <>{t('contact.events.reply', { actor })}</>;
    case 'note':
      return <>{t('contact.events.note', { actor })}</>;
    case 'state':
      return <>{t('contact.events.state', { actor, state: event.state ? t(`contact.states.${event.state}`) : '' })}</>;
    case 'assign':
      return event.assignee ? (
        <>{t('contact.events.assign', { actor, assignee: event.assignee.name })}</>
      ) : (
        <>{t('contact.events.unassign', { actor })}</>
      );
    case 'merge':
      return <>{t('contact.events.merge', { actor, reference: event.reference ?? '' })}</>;
  }
}

/** The conversation in time order: the customer's words, replies, notes (tinted) and staff changes. */
function Conversation({ data }: { data: AdminContactDetail }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  return (
    <SideCard title={t('contact.detail.conversation')}>
      <Timeline bulletSize={24} lineWidth={2} active={data.events.length}>
        {data.events.map((event) => (
          <Timeline.Item
            key={event.id}
            bullet={ICONS[event.kind]}
            color={event.kind === 'note' ? 'yellow' : event.kind === 'reply' ? 'teal' : 'blue'}
            title={
              <Text size="sm" fw={600}>
                <EventTitle event={event} data={data} />
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              <time dateTime={event.createdAt}>{formatDateTimeInZone(event.createdAt, language, timeZone)}</time>
            </Text>
            {event.body && (
              <Paper
                mt={6}
                p="sm"
                radius="sm"
                bg={event.kind === 'note' ? 'yellow.0' : event.kind === 'reply' ? 'teal.0' : 'gray.0'}
              >
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {event.body}
                </Text>
              </Paper>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </SideCard>
  );
}

/**
 * /admin/contact-us/:id: one conversation as staff work on it. The conversation and the reply on
 * the left; who wrote, state, assignment, notes and merging on the right (below, on a phone).
 */
export function ContactConversation({ id }: { id: string }) {
  const { t } = useTranslation(['admin', 'contactUs']);
  const navigate = useNavigate();
  const message = useAdminContact(id);
  // Opening the page is what marks the conversation read (and a new one open): a POST of its own.
  useMarkContactRead(id, message.data);
  const reply = useContactReply(id);
  const note = useContactNote(id);
  const assign = useContactAssign(id);
  const setState = useContactState(id);
  const merge = useContactMerge(id);
  const back = <BackLink to="/admin/contact-us" label={t('contact.detail.back')} />;
  // Two people's conversations: the server names both, and staff confirm before they are merged.
  const [otherPerson, setOtherPerson] = useState<{ into: string; people: ContactMergePeople } | null>(null);
  const mergeInto = async (into: string, confirmDifferentPeople?: boolean) => {
    try {
      const target = await merge.mutateAsync({ into, ...(confirmDifferentPeople ? { confirmDifferentPeople } : {}) });
      setOtherPerson(null);
      notifySuccess(t('contact.merge.done', { reference: target.reference }));
      void navigate(`/admin/contact-us/${target.id}`, { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CONTACT_MERGE_OTHER_PERSON' && !confirmDifferentPeople) {
        setOtherPerson({ into, people: error.details as ContactMergePeople });
        return;
      }
      notifyFailure(error);
    }
  };
  const how = (side: ContactMergePeople['from']) =>
    t(side.signedIn ? 'contact.merge.signedIn' : 'contact.merge.signedOut');

  if (!message.isSuccess) return <NotLoaded back={back} query={message} />;

  const data = message.data;
  return (
    <Stack gap="lg">
      {back}
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={6}>
          <Text size="sm" c="dimmed" fw={600}>
            {data.reference} · {t(`contactUs:types.${data.type}`)}
          </Text>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {data.title}
          </Title>
        </Stack>
        <ContactStateBadge state={data.state} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Conversation data={data} />
            <SideCard title={t('contact.reply.title')}>
              <ReplyForm
                key={data.events.length}
                data={data}
                busy={reply.isPending}
                onSend={(body) =>
                  runAction(
                    () => reply.mutateAsync(body),
                    () => t('contact.reply.sent'),
                  )
                }
              />
            </SideCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <SideCard title={data.name}>
              <Stack gap={4}>
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('contact.detail.email')}:{' '}
                  </Text>
                  <Anchor href={`mailto:${data.email}`} size="sm">
                    {data.email}
                  </Anchor>
                </Text>
                {data.contact && (
                  <Text size="sm">
                    <Text span c="dimmed">
                      {t('contact.detail.contact')}:{' '}
                    </Text>
                    {data.contact}
                  </Text>
                )}
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('contact.detail.language')}:{' '}
                  </Text>
                  {t(`contact.languages.${data.language}`)}
                </Text>
                <Text size="sm" c="dimmed">
                  {data.hasAccount ? t('contact.detail.account') : t('contact.detail.noAccount')}
                </Text>
                {data.merged.length > 0 && (
                  <Text size="sm" c="dimmed">
                    {t('contact.detail.merged', { references: data.merged.join(', ') })}
                  </Text>
                )}
              </Stack>
              <Select
                label={t('contact.detail.state')}
                allowDeselect={false}
                value={data.state === 'new' ? null : data.state}
                data={CONTACT_SETTABLE_STATES.map((value) => ({ value, label: t(`contact.states.${value}`) }))}
                onChange={(value) =>
                  value &&
                  void runAction(
                    () => setState.mutateAsync(value as ContactSettableState),
                    () => t('contact.changed'),
                  )
                }
              />
              <Select
                label={t('contact.detail.assign')}
                allowDeselect={false}
                value={data.assignee?.id ?? ''}
                data={[
                  { value: '', label: t('contact.detail.nobody') },
                  ...data.staff.map((person) => ({ value: person.id, label: person.name })),
                ]}
                onChange={(value) =>
                  void runAction(
                    () => assign.mutateAsync(value || null),
                    () => t('contact.changed'),
                  )
                }
              />
            </SideCard>
            <SideCard title={t('contact.note.title')}>
              <NoteForm
                busy={note.isPending}
                onAdd={(text) =>
                  runAction(
                    () => note.mutateAsync(text),
                    () => t('contact.note.added'),
                  )
                }
              />
            </SideCard>
            <SideCard title={t('contact.merge.title')}>
              <Text size="sm" c="dimmed">
                {t('contact.merge.help')}
              </Text>
              <MergeForm busy={merge.isPending} onMerge={(into) => mergeInto(into)} />
            </SideCard>
            <ConfirmDialog
              opened={otherPerson !== null}
              title={t('contact.merge.otherTitle')}
              body={
                otherPerson
                  ? t('contact.merge.otherBody', {
                      fromReference: otherPerson.people.from.reference,
                      fromName: otherPerson.people.from.name,
                      fromEmail: otherPerson.people.from.email,
                      fromHow: how(otherPerson.people.from),
                      intoReference: otherPerson.people.into.reference,
                      intoName: otherPerson.people.into.name,
                      intoEmail: otherPerson.people.into.email,
                      intoHow: how(otherPerson.people.into),
                    })
                  : ''
              }
              warning={otherPerson ? t('contact.merge.otherWarning', { email: otherPerson.people.into.email }) : ''}
              action={t('contact.merge.otherAction')}
              color="red"
              busy={merge.isPending}
              onCancel={() => setOtherPerson(null)}
              onConfirm={() => otherPerson && void mergeInto(otherPerson.into, true)}
            />
            <HistoryCard entity="message" id={data.id} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

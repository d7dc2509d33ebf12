import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Table, Text } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '@aylal/shared/dates';
import { formatDateTimeInZone } from '@aylal/shared/zone-name';
import { useAgencyTimeZone } from '../agency-zone.ts';
import { useLanguage } from '../use-language.ts';

/**
 * A row that opens its page wherever it is clicked; its link, buttons and boxes keep their own
 * click, and the row's link (`ListOpenCell`) opens it from the keyboard.
 */
export function ListLinkRow(props: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Table.Tr
      style={{ cursor: 'pointer' }}
      onClick={(event) => {
        if (!(event.target as HTMLElement).closest('a, button, input, label')) void navigate(props.to);
      }}
    >
      {props.children}
    </Table.Tr>
  );
}

/** A cell of plain text, the list's size, with a dimmed `note` under it when given. */
export function ListTextCell(props: { children: ReactNode; note?: ReactNode }) {
  return (
    <Table.Td>
      <Text size="sm">{props.children}</Text>
      {props.note !== undefined && (
        <Text size="xs" c="dimmed">
          {props.note}
        </Text>
      )}
    </Table.Td>
  );
}

/** A catalogue row's first cell: its title, linking to the item's page in the back office, over a dimmed `note`. */
export function ListTitleCell(props: { to: string; title: string; note: ReactNode }) {
  return (
    <Table.Td>
      <Anchor component={Link} to={props.to} size="sm" fw={600}>
        {props.title}
      </Anchor>
      <Text size="xs" c="dimmed">
        {props.note}
      </Text>
    </Table.Td>
  );
}

/** A person: the name ('—' when there is none) over the email, cut to the column with the whole of it on hover. */
export function ListPersonCell(props: { name: string; email: string }) {
  return (
    <Table.Td>
      <Text size="sm" fw={500}>
        {props.name || '—'}
      </Text>
      <Text size="xs" c="dimmed" truncate="end" maw={180} title={props.email}>
        {props.email}
      </Text>
    </Table.Td>
  );
}

/**
 * A day in the agency's zone (Settings), as staff read every time (docs/decisions/030); with its time
 * when `withTime`, the zone named: "21 Nov 2026, 09:37 (Ulaanbaatar time)". '—' when there is none.
 */
export function ListDateCell(props: { at: string | null; withTime?: boolean }) {
  const language = useLanguage();
  const timeZone = useAgencyTimeZone();
  const text = !props.at
    ? '—'
    : props.withTime
      ? formatDateTimeInZone(props.at, language, timeZone)
      : formatDate(props.at, language, { timeZone });
  return (
    <Table.Td miw={96}>
      <Text size="sm">{text}</Text>
    </Table.Td>
  );
}

/** The row's last cell: the arrow that opens its page; `label` says what it opens ("Open: REF-123"). */
export function ListOpenCell(props: { to: string; label: string }) {
  return (
    <Table.Td>
      <ActionIcon component={Link} to={props.to} variant="subtle" aria-label={props.label}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Table.Td>
  );
}

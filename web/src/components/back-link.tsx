import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A back-office page's way back to its list: a small arrow and `label`. */
export function BackLink(props: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={props.to} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {props.label}
      </Group>
    </Anchor>
  );
}

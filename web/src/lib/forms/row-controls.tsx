import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowLeft, IconArrowRight, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Move up, move down and remove, for one row of a list field (left and right for a row of
 * pictures; remove alone with `fixed`). With `confirmRemoval` removing asks first (true: in the
 * general words; a string: in the form's own); give it only when something was typed into the row
 * (`isTypedIn`), so an empty row goes at once.
 */
export function RowControls(props: {
  /** Names the row in the buttons' accessible names ("Move up: Fitter"). */
  label: string;
  index: number;
  count: number;
  onMove?: (delta: number) => void;
  onRemove: () => void;
  confirmRemoval?: boolean | string;
  horizontal?: boolean;
  fixed?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation('forms');
  const [asking, setAsking] = useState(false);
  const [Earlier, Later] = props.horizontal ? [IconArrowLeft, IconArrowRight] : [IconArrowUp, IconArrowDown];
  const words = props.horizontal
    ? (['row.moveEarlier', 'row.moveLater'] as const)
    : (['row.moveUp', 'row.moveDown'] as const);
  return (
    <Group gap={4} wrap="nowrap">
      {!props.fixed && (
        <>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${t(words[0])}: ${props.label}`}
            disabled={props.disabled || props.index === 0}
            onClick={() => props.onMove?.(-1)}
          >
            <Earlier size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`${t(words[1])}: ${props.label}`}
            disabled={props.disabled || props.index === props.count - 1}
            onClick={() => props.onMove?.(1)}
          >
            <Later size={18} />
          </ActionIcon>
        </>
      )}
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`${t('row.remove')}: ${props.label}`}
        disabled={props.disabled}
        onClick={() => (props.confirmRemoval ? setAsking(true) : props.onRemove())}
      >
        <IconTrash size={18} />
      </ActionIcon>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('removeRow.title')} centered>
        <Stack>
          <Text>
            {typeof props.confirmRemoval === 'string'
              ? props.confirmRemoval
              : t('removeRow.body', { label: props.label })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>
              {t('removeRow.cancel')}
            </Button>
            <Button
              color="red"
              onClick={() => {
                setAsking(false);
                props.onRemove();
              }}
            >
              {t('removeRow.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Group>
  );
}

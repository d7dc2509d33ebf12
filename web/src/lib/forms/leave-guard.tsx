import { useEffect, useRef } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Unsaved work is not lost by a closed tab or a click elsewhere in the app: while `dirty`, leaving
 * the page asks first. `allowNext()` lets the next navigation through (a save that moves on to
 * the saved record's own page).
 */
export function useLeaveGuard(dirty: boolean, body?: string) {
  const { t } = useTranslation('forms');
  const allowed = useRef(false);
  useEffect(() => {
    allowed.current = false;
  });
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowed.current && dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const modal = (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('leave.title')} centered>
      <Stack>
        <Text>{body ?? t('leave.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            {t('leave.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('leave.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return {
    modal,
    allowNext: () => {
      allowed.current = true;
    },
  };
}

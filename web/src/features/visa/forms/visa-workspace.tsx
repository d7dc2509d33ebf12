import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '@aylal/shared/dates';
import { VisaFormSchema, type VisaApplication } from '@aylal/shared/schemas/visa';
import {
  blankVisaForm,
  VISA_SECTIONS,
  visaProblems,
  type VisaForm,
  type VisaProblem,
  type VisaSection,
} from '@aylal/shared/visa-rules';
import { useSchemaForm } from '../../../lib/forms/use-schema-form.ts';
import { useLoginPanel } from '../../../lib/login-panel-context.tsx';
import { useSession } from '../../../lib/session.ts';
import { readLastSection, readLocalCopy, sameForm, writeLastSection } from '../local-copy.ts';
import { localToday, problemSection, sectionProgress } from '../progress.ts';
import { useVisaAutosave, type SaveStatus } from './use-autosave.ts';
import { VisaEditor } from './visa-editor.tsx';
import { VisaReview } from './visa-review.tsx';

export interface WorkspaceProps {
  application: VisaApplication;
  userId: string;
  view: 'edit' | 'review';
  /** The paid processing's price in the reader's currency, null when not offered. */
  processingPrice: string | null;
}

/**
 * An editable application (a draft, or one staff asked to change): the answers typed here, saved
 * as they are typed and kept on this device until saved, shown as the section editor or the
 * review. Both views start from the copy on this device when there is one.
 */
export function VisaWorkspace({ application, userId, view, processingPrice }: WorkspaceProps) {
  const { t } = useTranslation('visaApplicationForm');
  const navigate = useNavigate();
  const loginPanel = useLoginPanel();
  const session = useSession();
  const [params, setParams] = useSearchParams();

  const [start] = useState(() => {
    const saved = { ...blankVisaForm(), ...application.form };
    const local = readLocalCopy(userId, application.id);
    if (!local) return { form: saved, conflict: false };
    const form = { ...saved, ...local.form };
    return { form, conflict: local.basedOn !== application.version && !sameForm(form, saved) };
  });

  const { form, reset } = useSchemaForm<VisaForm>({ schema: VisaFormSchema, initialValues: start.form });
  const autosave = useVisaAutosave({
    id: application.id,
    userId,
    version: application.version,
    savedForm: { ...blankVisaForm(), ...application.form },
    enabled: true,
    conflict: start.conflict,
    onSignedOut: () => loginPanel.open('login'),
    onReplace: (saved) => reset(saved),
  });
  const { schedule, retry } = autosave;

  useEffect(() => schedule(form.values), [form.values, schedule]);

  // Signed in again after the session ended: save what waited; another person: not theirs to see.
  const sessionUser = session.user?.id ?? null;
  useEffect(() => {
    if (sessionUser === userId && autosave.status === 'signed-out') retry();
    if (sessionUser !== null && sessionUser !== userId) void navigate('/visa', { replace: true });
  }, [sessionUser]); // eslint-disable-line react-hooks/exhaustive-deps

  const today = localToday();
  const problems = useMemo(
    () => visaProblems(form.values, application.dependantList, today),
    [form.values, application.dependantList, today],
  );
  const progress = useMemo(
    () => sectionProgress(form.values, application, problems),
    [form.values, application, problems],
  );

  const requested = application.state === 'action-required' ? (application.actionRequest?.section ?? null) : null;
  const fromUrl = params.get('section');
  const section: VisaSection = (VISA_SECTIONS as readonly string[]).includes(fromUrl ?? '')
    ? (fromUrl as VisaSection)
    : (requested ?? readLastSection(userId, application.id) ?? 'personal');
  const checking = params.get('check') === '1';

  useEffect(() => writeLastSection(userId, application.id, section), [userId, application.id, section]);

  /** Saves what is typed (waiting for a save on the way), then goes on. */
  const saveThen = async (go: () => void) => {
    await autosave.flush();
    go();
  };

  const openSection = (next: VisaSection, extra: Record<string, string> = {}) => {
    void autosave.flush();
    const search = new URLSearchParams({ section: next, ...extra });
    if (params.get('return') === 'review') search.set('return', 'review');
    if (checking) search.set('check', '1');
    setParams(search, { replace: false });
    window.scrollTo({ top: 0 });
  };

  /** Takes the person to the first problem's field (from the review's submit). */
  const showProblems = (found: VisaProblem[]) => {
    const first = found[0];
    if (!first) return;
    const search = new URLSearchParams({ section: problemSection(first), field: first.path, check: '1' });
    void navigate(`/visa/${application.id}?${search.toString()}`);
  };

  const status = (
    <SaveStatusLine status={autosave.status} savedAt={autosave.savedAt} refusal={autosave.refusal} onRetry={retry} />
  );

  return (
    <>
      {view === 'edit' ? (
        <VisaEditor
          application={application}
          form={form}
          section={section}
          progress={progress}
          problems={problems}
          checking={checking}
          focusField={params.get('field')}
          returnToReview={params.get('return') === 'review'}
          processingPrice={processingPrice}
          statusLine={status}
          onOpenSection={openSection}
          onLeaveField={() => setTimeout(() => void autosave.flush(), 0)}
          onReview={() => void saveThen(() => void navigate(`/visa/${application.id}/review`))}
        />
      ) : (
        <VisaReview
          application={application}
          userId={userId}
          form={form.values}
          problems={problems}
          processingPrice={processingPrice}
          statusLine={status}
          flush={autosave.flush}
          onProblems={showProblems}
        />
      )}

      <Modal
        opened={autosave.status === 'conflict'}
        onClose={() => undefined}
        withCloseButton={false}
        title={t('editor.conflict.title')}
        centered
      >
        <Stack>
          <Text>{t('editor.conflict.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void autosave.loadSaved()}>
              {t('editor.conflict.loadSaved')}
            </Button>
            <Button onClick={() => void autosave.keepMine()}>{t('editor.conflict.keepMine')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The quiet line saying whether what is typed is saved. */
function SaveStatusLine(props: {
  status: SaveStatus;
  savedAt: string | null;
  refusal: string | null;
  onRetry: () => void;
}) {
  const { t } = useTranslation('visaApplicationForm');
  if (props.status === 'failed') {
    return (
      <Group gap="xs" role="alert">
        <Text size="sm" c="red.8" fw={600}>
          {t('messages.saveFailed')}
          {props.refusal ? `: ${props.refusal}` : ''}
        </Text>
        <Button size="compact-sm" variant="light" color="red" onClick={props.onRetry}>
          {t('editor.retry')}
        </Button>
      </Group>
    );
  }
  const text =
    props.status === 'saving'
      ? t('editor.saving')
      : props.status === 'pending'
        ? t('editor.unsaved')
        : props.status === 'retrying'
          ? t('editor.retrying')
          : props.status === 'offline'
            ? t('editor.offline')
            : props.status === 'signed-out'
              ? t('editor.signedOut')
              : props.status === 'conflict'
                ? t('editor.conflict.title')
                : props.savedAt
                  ? t('editor.savedAt', { time: formatTime(props.savedAt) })
                  : t('editor.allSaved');
  return (
    <Text
      size="sm"
      c={props.status === 'offline' || props.status === 'signed-out' ? 'orange.8' : 'dimmed'}
      aria-live="polite"
    >
      {text}
    </Text>
  );
}

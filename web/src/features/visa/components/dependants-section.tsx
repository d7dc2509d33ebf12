import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { countryName } from '@aylal/shared/countries';
import { formatDate } from '@aylal/shared/dates';
import { todayUtc } from '@aylal/shared/field-rules';
import type { VisaApplication, VisaDependant, VisaProblem } from '@aylal/shared/schemas/visa';
import { dependantNameKey, maskPassport, passportExpiresSoon, VISA_DEPENDANTS_MAX } from '@aylal/shared/visa-rules';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useLanguage } from '../../../lib/use-language.ts';
import { useDeleteDependant } from '../api/dependants.ts';
import { ageOn, DependantForm } from '../forms/dependant-form.tsx';
import classes from './dependants-section.module.css';

const PREFIX = 'dependants.';

/** The submit's problems of one dependant, their paths as its field names. */
function problemsOf(problems: readonly VisaProblem[], id: string): VisaProblem[] {
  const prefix = `${PREFIX}${id}.`;
  return problems
    .filter((problem) => problem.path.startsWith(prefix))
    .map((problem) => ({ ...problem, path: problem.path.slice(prefix.length) }));
}

/**
 * The people travelling with the applicant (spec section 3): each listed with their relationship,
 * age and a masked passport, opened to be changed (saved as each field is left), removed after
 * asking, and added one at a time up to twelve. A name may not repeat another's. A dependant the
 * submit found something missing in is opened at its fields. On a phone each one is a card.
 */
export function DependantsSection({
  application,
  editable,
  problems,
}: {
  application: VisaApplication;
  editable: boolean;
  problems: VisaProblem[];
}) {
  const { t } = useTranslation('visaApplicationForm');
  const dependants = application.dependantList;
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => withProblems(problems));
  // New problems from a submit open the dependants they are about (React's "state from props").
  const problemsKey = problems.map((problem) => problem.path).join('|');
  const [seenProblems, setSeenProblems] = useState(problemsKey);
  if (problemsKey !== seenProblems) {
    setSeenProblems(problemsKey);
    setOpen((current) => new Set([...current, ...withProblems(problems)]));
  }
  const toggle = (id: string, value: boolean) =>
    setOpen((current) => {
      const next = new Set(current);
      if (value) next.add(id);
      else next.delete(id);
      return next;
    });
  const full = dependants.length >= VISA_DEPENDANTS_MAX;
  const otherNames = (id: string | null) =>
    dependants.filter((item) => item.id !== id).map((item) => dependantNameKey(item.firstName, item.lastName));
  const applicantName = dependantNameKey(application.form.firstName, application.form.lastName);

  return (
    <Stack gap="md">
      {dependants.length === 0 && !adding && (
        <Text c="dimmed" className={classes.empty}>
          {editable ? t('dependants.empty') : t('dependants.none')}
        </Text>
      )}
      {dependants.length > 0 && (
        <ul className={classes.list} aria-label={t('sections.dependants')}>
          {dependants.map((dependant) => {
            const own = problemsOf(problems, dependant.id);
            return (
              <li key={dependant.id} className={classes.item}>
                {editable && open.has(dependant.id) ? (
                  <div className={classes.editor} role="group" aria-label={fullName(dependant)}>
                    <Text fw={700} mb="sm">
                      {fullName(dependant)}
                    </Text>
                    <DependantForm
                      applicationId={application.id}
                      dependant={dependant}
                      otherNames={otherNames(dependant.id)}
                      applicantName={applicantName}
                      problems={own}
                      onClose={() => toggle(dependant.id, false)}
                    />
                  </div>
                ) : (
                  <DependantSummary
                    applicationId={application.id}
                    dependant={dependant}
                    editable={editable}
                    problemCount={own.length}
                    onEdit={() => toggle(dependant.id, true)}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editable && adding && (
        <div className={classes.adder} role="group" aria-label={t('dependants.addTitle')}>
          <Text fw={700} mb="sm">
            {t('dependants.addTitle')}
          </Text>
          <DependantForm
            applicationId={application.id}
            dependant={null}
            otherNames={otherNames(null)}
            applicantName={applicantName}
            problems={[]}
            onClose={() => setAdding(false)}
          />
        </div>
      )}
      {editable && !adding && (
        <Group gap="sm">
          <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} disabled={full}>
            {t('dependants.add')}
          </Button>
          <Text size="sm" c="dimmed">
            {full
              ? t('dependants.full', { count: VISA_DEPENDANTS_MAX })
              : t('dependants.count', { count: dependants.length, max: VISA_DEPENDANTS_MAX })}
          </Text>
        </Group>
      )}
    </Stack>
  );

  function withProblems(list: readonly VisaProblem[]): Set<string> {
    return new Set(
      list
        .filter((problem) => problem.path.startsWith(PREFIX))
        .map((problem) => problem.path.slice(PREFIX.length).split('.')[0] ?? ''),
    );
  }
}

function fullName(dependant: VisaDependant) {
  return `${dependant.firstName} ${dependant.lastName}`.trim();
}

/** One dependant at a glance: a row on a wide screen, a card on a phone. */
function DependantSummary(props: {
  applicationId: string;
  dependant: VisaDependant;
  editable: boolean;
  problemCount: number;
  onEdit: () => void;
}) {
  const { t } = useTranslation('visaApplicationForm');
  const language = useLanguage();
  const remove = useDeleteDependant(props.applicationId);
  const [asking, setAsking] = useState(false);
  const { dependant } = props;
  const name = fullName(dependant);
  const today = todayUtc();
  const age = ageOn(dependant.dateOfBirth, today);
  const notGiven = <span className={classes.missing}>{t('dependants.notGiven')}</span>;

  return (
    <div className={classes.summary}>
      <div className={classes.name}>
        <Text fw={700} component="span">
          {name}
        </Text>
        <Text size="sm" c="dimmed" component="span">
          {dependant.relationship ? t(`relationships.${dependant.relationship}`) : ''}
          {dependant.nationality ? ` · ${countryName(dependant.nationality, language)}` : ''}
        </Text>
        {props.problemCount > 0 && (
          <Badge color="red" variant="light" size="sm" className={classes.badge}>
            {t('dependants.problems', { count: props.problemCount })}
          </Badge>
        )}
      </div>
      <dl className={classes.facts}>
        <div>
          <dt>{t('fields.dateOfBirth')}</dt>
          <dd>
            {dependant.dateOfBirth ? formatDate(dependant.dateOfBirth, language) : notGiven}
            {age !== null && <span className={classes.age}>{t('dependants.age', { count: age })}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('fields.passportNumber')}</dt>
          <dd>
            {dependant.passportNumber ? (
              <span className={classes.passport}>{maskPassport(dependant.passportNumber)}</span>
            ) : (
              notGiven
            )}
            {dependant.passportExpiryDate && (
              <span className={classes.expiry}>
                {t('dependants.validUntil', { date: formatDate(dependant.passportExpiryDate, language) })}
                {passportExpiresSoon(dependant.passportExpiryDate, today) && (
                  <Badge color="orange" variant="light" size="xs" ml={6}>
                    {t('dependants.expiresSoon')}
                  </Badge>
                )}
              </span>
            )}
          </dd>
        </div>
      </dl>
      {props.editable && (
        <div className={classes.actions}>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPencil size={14} />}
            onClick={props.onEdit}
            aria-label={t('dependants.editNamed', { name })}
          >
            {t('dependants.edit')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => {
              remove.reset();
              setAsking(true);
            }}
            loading={remove.isPending}
            aria-label={t('dependants.removeNamed', { name })}
          >
            {t('dependants.remove')}
          </Button>
        </div>
      )}
      {remove.isError && (
        <Alert color="red" variant="light" className={classes.failure} role="alert">
          {t('messages.deleteDependantFailed')}
        </Alert>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('dependants.removeTitle', { name })}
        body={t('dependants.removeBody', { name })}
        cancel={t('dependants.keep')}
        action={t('dependants.removeConfirm')}
        color="red"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          remove.mutate(dependant.id);
        }}
      />
    </div>
  );
}

import type { ReactNode } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturnType } from '@mantine/form';
import { LANGUAGE_LEVELS, SKILL_LEVELS } from '@aylal/shared/job-rules';
import type { Cv, CvEducation, CvExperience } from '@aylal/shared/schemas/cv';
import { RowControls } from '../../../lib/forms/row-controls.tsx';
import { isTypedIn } from '../../../lib/forms/typed-in.ts';
import { useFormList } from '../../../lib/forms/use-form-list.ts';
import { MonthField } from '../components/month-field.tsx';

type CvForm = UseFormReturnType<Cv>;

const EMPTY_EXPERIENCE: CvExperience = {
  company: '',
  position: '',
  start: '',
  end: '',
  current: false,
  description: '',
};
const EMPTY_EDUCATION: CvEducation = { institution: '', degree: '', field: '', start: '', end: '' };

/** A section of the form: a heading, its entries, and the button that adds one. */
export function Section(props: {
  title: string;
  children: ReactNode;
  addLabel?: string;
  onAdd?: () => void;
  empty?: string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section">
      <Stack gap="md">
        <Title order={2} size="h3">
          {props.title}
        </Title>
        {props.children}
        {props.empty && (
          <Text c="dimmed" size="sm">
            {props.empty}
          </Text>
        )}
        {props.onAdd && (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={props.onAdd}>
              {props.addLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** Row controls of a CV entry: removing one with typed work in it asks first. */
function EntryControls(props: {
  label: string;
  index: number;
  count: number;
  entry: object;
  list: { move: (index: number, delta: number) => void; remove: (index: number) => void };
}) {
  const { t } = useTranslation('cv');
  return (
    <RowControls
      label={props.label}
      index={props.index}
      count={props.count}
      onMove={(delta) => props.list.move(props.index, delta)}
      onRemove={() => props.list.remove(props.index)}
      confirmRemoval={isTypedIn(props.entry, ['level']) ? t('removeEntry.body', { label: props.label }) : undefined}
    />
  );
}

export function ExperienceSection({ form }: { form: CvForm }) {
  const { t } = useTranslation('cv');
  const list = useFormList<Cv, CvExperience>(form, 'experience');
  return (
    <Section
      title={t('sections.experience')}
      addLabel={t('add.experience')}
      onAdd={() => list.add({ ...EMPTY_EXPERIENCE })}
      empty={list.count === 0 ? t('empty.experience') : undefined}
    >
      {list.rows.map(({ key, index, item, path }) => {
        const label = item.position || item.company || t('entry.experience', { n: index + 1 });
        return (
          <Paper key={key} bg="gray.0" radius="md" p="md" role="group" aria-label={label}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{label}</Text>
                <EntryControls label={label} index={index} count={list.count} entry={item} list={list} />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.position')} required {...form.getInputProps(path('position'))} />
                <TextInput label={t('fields.company')} required {...form.getInputProps(path('company'))} />
                <MonthField label={t('fields.start')} required {...form.getInputProps(path('start'))} />
                <MonthField
                  label={t('fields.end')}
                  {...form.getInputProps(path('end'))}
                  value={item.current ? '' : item.end}
                  disabled={item.current}
                />
              </SimpleGrid>
              <Checkbox
                label={t('fields.current')}
                checked={item.current}
                onChange={(event) => {
                  const current = event.currentTarget.checked;
                  form.setFieldValue(path(), { ...item, current, end: '' });
                }}
              />
              <Textarea
                label={t('fields.description')}
                autosize
                minRows={2}
                {...form.getInputProps(path('description'))}
              />
            </Stack>
          </Paper>
        );
      })}
    </Section>
  );
}

export function EducationSection({ form }: { form: CvForm }) {
  const { t } = useTranslation('cv');
  const list = useFormList<Cv, CvEducation>(form, 'education');
  return (
    <Section
      title={t('sections.education')}
      addLabel={t('add.education')}
      onAdd={() => list.add({ ...EMPTY_EDUCATION })}
      empty={list.count === 0 ? t('empty.education') : undefined}
    >
      {list.rows.map(({ key, index, item, path }) => {
        const label = item.institution || t('entry.education', { n: index + 1 });
        return (
          <Paper key={key} bg="gray.0" radius="md" p="md" role="group" aria-label={label}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text fw={700}>{label}</Text>
                <EntryControls label={label} index={index} count={list.count} entry={item} list={list} />
              </Group>
              <TextInput label={t('fields.institution')} required {...form.getInputProps(path('institution'))} />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('fields.degree')} {...form.getInputProps(path('degree'))} />
                <TextInput label={t('fields.field')} {...form.getInputProps(path('field'))} />
                <MonthField label={t('fields.start')} {...form.getInputProps(path('start'))} />
                <MonthField label={t('fields.end')} {...form.getInputProps(path('end'))} />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
    </Section>
  );
}

/** Skills or languages: a name and a level each. */
export function LevelledSection({ form, kind }: { form: CvForm; kind: 'skills' | 'languages' }) {
  const { t } = useTranslation('cv');
  const list = useFormList<Cv, { name: string; level: string }>(form, kind);
  const levels =
    kind === 'skills'
      ? SKILL_LEVELS.map((level) => ({ value: level, label: t(`skillLevels.${level}`) }))
      : LANGUAGE_LEVELS.map((level) => ({ value: level, label: t(`languageLevels.${level}`) }));
  return (
    <Section
      title={t(`sections.${kind}`)}
      addLabel={t(`add.${kind}`)}
      onAdd={() => list.add({ name: '', level: kind === 'skills' ? 'intermediate' : 'conversational' })}
      empty={list.count === 0 ? t(`empty.${kind}`) : undefined}
    >
      {list.rows.map(({ key, index, item, path }) => {
        const label = item.name || t(`entry.${kind}`, { n: index + 1 });
        return (
          <Group key={key} align="flex-start" wrap="wrap" gap="sm" role="group" aria-label={label}>
            <TextInput
              label={t(kind === 'skills' ? 'fields.skill' : 'fields.language')}
              required
              {...form.getInputProps(path('name'))}
              style={{ flex: '1 1 220px' }}
            />
            <Select
              label={t('fields.level')}
              data={levels}
              allowDeselect={false}
              {...form.getInputProps(path('level'))}
              style={{ flex: '1 1 180px' }}
            />
            <Group mt={{ base: 0, sm: 26 }}>
              <EntryControls label={label} index={index} count={list.count} entry={item} list={list} />
            </Group>
          </Group>
        );
      })}
    </Section>
  );
}

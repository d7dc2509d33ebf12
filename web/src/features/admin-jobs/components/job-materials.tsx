import { ActionIcon, Anchor, Fieldset, Group, Stack, Text } from '@mantine/core';
import { IconFileText, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AddFilesButton } from '../../../components/add-files-button.tsx';
import { JOB_MATERIALS_MAX } from '@aylal/shared/job-rules';
import type { JobDetail } from '@aylal/shared/schemas/jobs';
import { notifyFailure, runAction } from '../../../lib/run-action.ts';
import { formatBytes } from '../../../lib/format-bytes.ts';
import { useDeleteMaterial, useUploadMaterial } from '../api/admin-jobs.ts';

/** The employer's files: PDF or pictures, at most ten, each at most 10 MB. */
export function JobMaterials({ job, language }: { job: JobDetail; language: 'en' | 'mn' }) {
  const { t } = useTranslation('admin');
  const upload = useUploadMaterial(job.id);
  const remove = useDeleteMaterial(job.id);

  async function add(file: File | null) {
    if (!file) return;
    await runAction(() => upload.mutateAsync(file), t('jobsAdmin.form.fileAdded', { name: file.name }));
  }

  return (
    <Fieldset legend={t('jobsAdmin.form.sections.materials')}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('jobsAdmin.form.materialsHint')}
        </Text>
        {job.materials.map((material) => (
          <Group key={material.id} justify="space-between" wrap="nowrap">
            <Anchor href={material.url} size="sm" fw={600}>
              <Group gap={6} wrap="nowrap">
                <IconFileText size={16} />
                {material.name}
              </Group>
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {formatBytes(material.size, language)}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('tripForm.remove')}: ${material.name}`}
                loading={remove.isPending && remove.variables === material.id}
                onClick={() => remove.mutate(material.id, { onError: notifyFailure })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        <Group>
          <AddFilesButton
            onChange={(file) => void add(file)}
            accept="application/pdf,image/png,image/jpeg,image/webp"
            icon={<IconPaperclip size={16} />}
            label={t('jobsAdmin.form.addFile')}
            busy={upload.isPending}
            disabled={job.materials.length >= JOB_MATERIALS_MAX}
          />
        </Group>
      </Stack>
    </Fieldset>
  );
}

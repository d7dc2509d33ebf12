import type { ReactNode } from 'react';
import { Button, FileButton, type FileButtonProps } from '@mantine/core';

/**
 * A back-office "add a file" button: it opens the file picker for `accept` (several files when
 * `multiple`), and turns while they upload (`busy`).
 */
export function AddFilesButton<Multiple extends boolean = false>(props: {
  accept: string;
  multiple?: Multiple;
  onChange: FileButtonProps<Multiple>['onChange'];
  icon: ReactNode;
  label: string;
  busy: boolean;
  disabled?: boolean;
  w?: string;
}) {
  return (
    <FileButton onChange={props.onChange} accept={props.accept} multiple={props.multiple}>
      {(picker) => (
        <Button
          {...picker}
          variant="light"
          leftSection={props.icon}
          loading={props.busy}
          disabled={props.disabled}
          w={props.w}
        >
          {props.label}
        </Button>
      )}
    </FileButton>
  );
}

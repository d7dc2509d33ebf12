import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * A staff note or reason typed outside a form kit: a text area that grows with its text (two rows
 * at first), holding a plain string.
 */
export function NoteField(
  props: Omit<TextareaProps, 'value' | 'onChange'> & {
    value: string;
    onChange: (value: string) => void;
    maxLength: number;
  },
) {
  const { onChange, ...rest } = props;
  return <Textarea autosize minRows={2} {...rest} onChange={(event) => onChange(event.currentTarget.value)} />;
}

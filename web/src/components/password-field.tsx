import { useState } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';

/**
 * A password input with a show/hide toggle. Mantine's PasswordInput leaves its error unannounced
 * (no aria-invalid, no aria-describedby on the input); TextInput wires both.
 */
export function PasswordField({ toggleLabel, ...props }: Omit<TextInputProps, 'type'> & { toggleLabel: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={toggleLabel}
          aria-pressed={visible}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <IconEyeOff size={18} /> : <IconEye size={18} />}
        </ActionIcon>
      }
    />
  );
}

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

type TextProps = Omit<TextInputProps, 'type' | 'value' | 'onChange'> & {
  value: string;
  onChange: (text: string) => void;
};

/** The account's password, asked again to confirm who acts (turning on a second factor, a fresh sign-in). */
export function CurrentPasswordField({ onChange, ...props }: TextProps & { toggleLabel: string }) {
  return (
    <PasswordField
      autoComplete="current-password"
      maxLength={128}
      required
      {...props}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/**
 * A one-time code: the authenticator app's six digits or a backup code (up to 20 characters),
 * filled by the browser's one-time-code suggestion, never corrected or capitalised.
 */
export function CodeField({ onChange, ...props }: TextProps) {
  return (
    <TextInput
      autoComplete="one-time-code"
      spellCheck={false}
      autoCapitalize="off"
      maxLength={20}
      required
      {...props}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

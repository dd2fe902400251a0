import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';

export interface PasscodeDialogProps {
  opened: boolean;
  title: string;
  label: string;
  submitLabel: string;
  cancelLabel: string;
  /** Shown above the field (a refusal that is not about the passcode itself). */
  error?: string | null;
  busy: boolean;
  inputProps: ComponentProps<typeof PasswordInput>;
  onCancel: () => void;
  onSubmit: () => void;
}

/** The passcode prompt's dialog, loaded when it is first asked (PasscodeModal.tsx). */
export function PasscodeDialog({
  opened,
  title,
  label,
  submitLabel,
  cancelLabel,
  error,
  busy,
  inputProps,
  onCancel,
  onSubmit,
}: PasscodeDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {error ? (
            <Alert role="alert" color="red" variant="light">
              {error}
            </Alert>
          ) : null}
          <PasswordInput label={label} autoComplete="off" required data-autofocus {...inputProps} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button type="submit" loading={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

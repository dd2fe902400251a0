import { Alert, Button, Group, Modal, PasswordInput, Stack } from '@mantine/core';
import type { ComponentProps } from 'react';

/**
 * Spec §2 'Modals: passcode entry': the one passcode prompt of the app — the join page asks it
 * before joining, the watch page (/live/{alias}) before playing. The caller owns the field's
 * value and validation (`inputProps`) and what submitting does.
 */
export function PasscodeModal({
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
}: {
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
}) {
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

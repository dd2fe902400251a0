import type { FormEventHandler, ReactNode } from 'react';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { AccountDetailsDto } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { PasswordField } from '../auth/PasswordField.tsx';
import { useChangePasswordForm, useNameForm, useSetPasswordForm } from './useForms.ts';

/** The shape every settings form shares: the server's refusal on top, the fields, one button. */
function SettingsForm({
  onSubmit,
  error,
  submitting,
  submitLabel,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  error: string | null;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {children}
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A new password and its confirmation, as both password forms ask for them. */
function NewPasswordFields({
  label,
  inputProps,
}: {
  label: string;
  inputProps: (field: 'password' | 'confirm') => GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        required
        {...inputProps('password')}
      />
      <PasswordField
        label={t('settings.password.confirm')}
        autoComplete="new-password"
        required
        {...inputProps('confirm')}
      />
    </>
  );
}

export function NameForm({ account, onDone }: { account: AccountDetailsDto; onDone?: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, error, submitting } = useNameForm(account, onDone);
  return (
    <SettingsForm
      onSubmit={onSubmit}
      error={error}
      submitting={submitting}
      submitLabel={t('settings.save')}
    >
      <TextInput
        label={t('settings.profile.fullName')}
        autoComplete="name"
        required
        {...form.getInputProps('fullName')}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('settings.profile.firstName')}
          autoComplete="given-name"
          {...form.getInputProps('firstName')}
        />
        <TextInput
          label={t('settings.profile.lastName')}
          autoComplete="family-name"
          {...form.getInputProps('lastName')}
        />
      </Group>
      <TextInput
        label={t('settings.profile.company')}
        autoComplete="organization"
        {...form.getInputProps('company')}
      />
    </SettingsForm>
  );
}

export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, error, submitting } = useChangePasswordForm(onDone);
  return (
    <SettingsForm
      onSubmit={onSubmit}
      error={error}
      submitting={submitting}
      submitLabel={t('settings.password.change')}
    >
      <PasswordField
        label={t('settings.password.current')}
        autoComplete="current-password"
        required
        {...form.getInputProps('current')}
      />
      <NewPasswordFields label={t('settings.password.new')} inputProps={form.getInputProps} />
    </SettingsForm>
  );
}

export function SetPasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, error, submitting } = useSetPasswordForm(onDone);
  return (
    <SettingsForm
      onSubmit={onSubmit}
      error={error}
      submitting={submitting}
      submitLabel={t('settings.password.set')}
    >
      <NewPasswordFields label={t('settings.password.password')} inputProps={form.getInputProps} />
    </SettingsForm>
  );
}

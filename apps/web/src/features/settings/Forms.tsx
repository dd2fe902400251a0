import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import type { AccountDetailsDto } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { PasswordField } from '../auth/PasswordField.tsx';
import { useChangePasswordForm, useNameForm, useSetPasswordForm } from './useForms.ts';

function FormError({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  ) : null;
}

export function NameForm({ account, onDone }: { account: AccountDetailsDto; onDone?: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, error, submitting } = useNameForm(account, onDone);
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormError message={error} />
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
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ChangePasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, error, submitting } = useChangePasswordForm(onDone);
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormError message={error} />
        <PasswordField
          label={t('settings.password.current')}
          autoComplete="current-password"
          required
          {...form.getInputProps('current')}
        />
        <PasswordField
          label={t('settings.password.new')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {t('settings.password.change')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function SetPasswordForm({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  const { form, onSubmit, error, submitting } = useSetPasswordForm(onDone);
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormError message={error} />
        <PasswordField
          label={t('settings.password.password')}
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting}>
            {t('settings.password.set')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { AccountDetailsDto } from '@podium/protocol';
import { useTranslation } from '../../shared/i18n/index.ts';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { applyApiError } from '../../shared/forms/applyApiError.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { remember, settingsApi, settingsQuery } from './api.ts';
import { queryClient } from '../../shared/api/queryClient.ts';
import {
  changePasswordFields,
  nameFields,
  setPasswordFields,
  type ChangePasswordValues,
  type NameValues,
  type SetPasswordValues,
} from './fields.ts';

/** Name form: display name, first and last name, company (POST /api/account/profile/update). */
export function useNameForm(account: AccountDetailsDto, onDone?: () => void) {
  const { t, i18n } = useTranslation();
  const form = useAppForm<NameValues>(
    {
      fullName: account.full_name ?? '',
      firstName: account.first_name ?? '',
      lastName: account.last_name ?? '',
      company: account.company ?? '',
    },
    nameFields,
  );
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (v: NameValues) =>
      settingsApi.profile({
        full_name: v.fullName.trim(),
        first_name: v.firstName.trim(),
        last_name: v.lastName.trim(),
        company: v.company.trim(),
      }),
  });
  const onSubmit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await mutation.mutateAsync(values);
      toastSuccess(t('settings.saved'));
      form.resetDirty();
      onDone?.();
    } catch (e) {
      setError(
        applyApiError(e, i18n, form, {
          full_name: 'fullName',
          first_name: 'firstName',
          last_name: 'lastName',
        }),
      );
    }
  });
  return { form, onSubmit, error, submitting: mutation.isPending };
}

/** Change password (POST /api/v1/user/change-password): other sessions end on the server. */
export function useChangePasswordForm(onDone?: () => void) {
  const { t, i18n } = useTranslation();
  const form = useAppForm<ChangePasswordValues>(
    { current: '', password: '', confirm: '' },
    changePasswordFields,
  );
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (v: ChangePasswordValues) => settingsApi.changePassword(v.current, v.password),
  });
  const onSubmit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await mutation.mutateAsync(values);
      toastSuccess(t('settings.passwordChanged'));
      form.reset();
      onDone?.();
    } catch (e) {
      setError(applyApiError(e, i18n, form, { old_password: 'current', new_password: 'password' }));
    }
  });
  return { form, onSubmit, error, submitting: mutation.isPending };
}

/** Set a first password (POST /api/account/set-pwd), e.g. after social sign-in. */
export function useSetPasswordForm(onDone?: () => void) {
  const { t, i18n } = useTranslation();
  const form = useAppForm<SetPasswordValues>({ password: '', confirm: '' }, setPasswordFields);
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async (v: SetPasswordValues) => {
      await settingsApi.setPassword(v.password);
      // has_password changed: the settings page must show "change" from now on.
      remember(await queryClient.fetchQuery({ ...settingsQuery(), staleTime: 0 }));
    },
  });
  const onSubmit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await mutation.mutateAsync(values);
      toastSuccess(t('settings.saved'));
      form.reset();
      onDone?.();
    } catch (e) {
      setError(applyApiError(e, i18n, form));
    }
  });
  return { form, onSubmit, error, submitting: mutation.isPending };
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { applyApiError } from '../../shared/forms/applyApiError.ts';
import { toastSuccess } from '../../shared/ui/toast.ts';
import { authApi } from './api.ts';
import {
  identifierFields,
  resetFields,
  type IdentifierValues,
  type ResetValues,
} from './fields.ts';

export const SUCCESS_FORGOT_PATH = '/success-forgot';

/**
 * /forgot-password in two steps: ask for a reset code for an identifier, then set the new
 * password with that code (POST /api/account/forgot-pwd/reset) and go to /success-forgot.
 */
export function useForgotPassword() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [identifier, setIdentifier] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const requestForm = useAppForm<IdentifierValues>({ identifier: '' }, identifierFields);
  const resetForm = useAppForm<ResetValues>(
    { code: '', password: '', confirmPassword: '' },
    resetFields,
  );
  const requestCode = useMutation({ mutationFn: authApi.requestPasswordReset });
  const reset = useMutation({ mutationFn: authApi.resetPassword });

  const onRequest = requestForm.onSubmit(async (values) => {
    setSubmitError(null);
    const username = values.identifier.trim();
    try {
      await requestCode.mutateAsync(username);
      setIdentifier(username);
    } catch (error) {
      setSubmitError(applyApiError(error, i18n, requestForm, { username: 'identifier' }));
    }
  });

  const onReset = resetForm.onSubmit(async (values) => {
    if (!identifier) return;
    setSubmitError(null);
    try {
      await reset.mutateAsync({
        username: identifier,
        code: values.code.trim(),
        password: values.password,
      });
      await navigate(SUCCESS_FORGOT_PATH, { replace: true });
    } catch (error) {
      setSubmitError(applyApiError(error, i18n, resetForm));
    }
  });

  const resend = async () => {
    if (!identifier) return;
    setSubmitError(null);
    try {
      await requestCode.mutateAsync(identifier);
      toastSuccess(t('auth.verify.resent'));
    } catch (error) {
      setSubmitError(applyApiError(error, i18n));
    }
  };

  return {
    step: identifier ? ('reset' as const) : ('request' as const),
    identifier,
    requestForm,
    resetForm,
    onRequest,
    onReset,
    resend,
    requesting: requestCode.isPending,
    resetting: reset.isPending,
    submitError,
  };
}

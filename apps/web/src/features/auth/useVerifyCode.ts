import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { applyApiError } from '../../shared/forms/applyApiError.ts';
import { accountQuery, updateAccount, useAccount } from '../../shared/session/account.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { afterSignInPath, fullPath, loginPath } from '../../shared/routing/paths.ts';
import { toastError, toastSuccess } from '../../shared/ui/toast.ts';
import { authApi, isAccountDto } from './api.ts';
import { codeFields, type CodeValues } from './fields.ts';
import { verifiesByPhone } from './identity.ts';

/** /verify-code: confirm the account with the emailed (or texted) code, or ask for a new one. */
export function useVerifyCode() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const signedIn = useSessionStore((s) => s.signedIn);
  const account = useAccount().data;
  const username = params.get('username')?.trim() || account?.email || account?.phone_number || '';
  const byPhone = verifiesByPhone(account, username);
  const form = useAppForm<CodeValues>({ code: '' }, codeFields);

  const verify = useMutation({
    mutationFn: async (code: string) => {
      const result = byPhone ? await authApi.verifyPhone(code) : await authApi.confirmEmail(code);
      // Phone verification may not answer with the account; fetch it then.
      if (isAccountDto(result)) updateAccount(result, queryClient);
      else await queryClient.fetchQuery({ ...accountQuery(), staleTime: 0 });
    },
  });

  const resend = useMutation({
    mutationFn: () => (byPhone ? authApi.resendPhone(username) : authApi.resendEmail(username)),
    onSuccess: () => toastSuccess(t('auth.verify.resent')),
    // Spec §8: 'could not resend verification', whatever the reason.
    onError: () => toastError(t('serverErrors.errors.resend_failed')),
  });

  const onSubmit = form.onSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync(code.trim());
      toastSuccess(t('auth.verify.verified'));
      await navigate(afterSignInPath(location), { replace: true });
    } catch (error) {
      // The code is what was wrong (invalid_code / expired_code): say so under the field.
      form.setFieldError('code', applyApiError(error, i18n));
    }
  });

  return {
    form,
    onSubmit,
    submitting: verify.isPending,
    username,
    signedIn,
    signInPath: loginPath(fullPath(location)),
    resend: () => resend.mutate(),
    resending: resend.isPending,
    canResend: Boolean(username),
  };
}

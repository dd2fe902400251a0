import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginResponse, SignupResponse } from '@podium/protocol';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { applyApiError } from '../../shared/forms/applyApiError.ts';
import { startSession } from '../../shared/session/account.ts';
import { afterAuthPath } from '../../shared/routing/paths.ts';
import { authApi } from './api.ts';
import { loginFields, signupFields, type SignupValues } from './fields.ts';
import { optionalText } from './identity.ts';

export type AuthMode = 'login' | 'signup';

export interface AuthValues extends SignupValues {
  identifier: string;
}

const initialValues: AuthValues = {
  identifier: '',
  email: '',
  phone: '',
  username: '',
  fullName: '',
  password: '',
  confirmPassword: '',
  referralCode: '',
};

/** Server field names of the signup body → this form's fields. */
const SIGNUP_FIELD_MAP = { full_name: 'fullName', referral_code: 'referralCode' };
const LOGIN_FIELD_MAP = { username: 'identifier' };

function submitAuth(mode: AuthMode, values: AuthValues): Promise<LoginResponse | SignupResponse> {
  if (mode === 'login') {
    return authApi.login({ username: values.identifier.trim(), password: values.password });
  }
  return authApi.signup({
    email: optionalText(values.email),
    phone: optionalText(values.phone),
    username: optionalText(values.username),
    full_name: optionalText(values.fullName),
    password: values.password,
    referral_code: optionalText(values.referralCode),
  });
}

/**
 * The one sign-in / sign-up form (spec §2): on success the tokens are kept and the person goes
 * to verify-code when the account is unconfirmed, else back to where they were going.
 */
export function useAuthForm(mode: AuthMode) {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The specs decide which fields are validated: only those the mode shows.
  const form = useAppForm<AuthValues>(
    initialValues,
    (mode === 'login' ? loginFields : signupFields) as typeof signupFields,
  );
  const [submitError, setSubmitError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: (values: AuthValues) => submitAuth(mode, values) });

  const onSubmit = form.onSubmit(async (values) => {
    setSubmitError(null);
    try {
      const response = await mutation.mutateAsync(values);
      const account = startSession(response);
      await navigate(afterAuthPath(account, location), { replace: true });
    } catch (error) {
      const fieldMap = mode === 'login' ? LOGIN_FIELD_MAP : SIGNUP_FIELD_MAP;
      setSubmitError(applyApiError(error, i18n, form, fieldMap));
    }
  });

  return { form, onSubmit, submitting: mutation.isPending, submitError, location };
}

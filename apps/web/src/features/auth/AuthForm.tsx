import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from './AuthFrame.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useAuthForm, type AuthMode } from './useAuthForm.ts';
import { SocialButtons } from '../social-signin/SocialButtons.tsx';
import { redirectParam } from '../../shared/routing/paths.ts';

/** The one form behind /login and /signup (spec §2). */
export function AuthForm({ mode }: { mode: AuthMode }) {
  const { t } = useTranslation();
  const { form, onSubmit, submitting, submitError, location } = useAuthForm(mode);
  const optional = t('auth.optional');
  const keepRedirect = location.search;

  return (
    <AuthFrame title={t(`auth.titles.${mode}`)} intro={t(`auth.${mode}.intro`)} error={submitError}>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          {mode === 'login' ? (
            <>
              <TextInput
                label={t('auth.fields.identifier')}
                autoComplete="username"
                required
                {...form.getInputProps('identifier')}
              />
              <PasswordField
                label={t('auth.fields.password')}
                autoComplete="current-password"
                required
                {...form.getInputProps('password')}
              />
              <Group justify="flex-end">
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('auth.login.forgot')}
                </Anchor>
              </Group>
            </>
          ) : (
            <>
              <TextInput
                label={t('auth.fields.email')}
                type="email"
                autoComplete="email"
                required
                {...form.getInputProps('email')}
              />
              <TextInput
                label={t('auth.fields.phone')}
                description={optional}
                type="tel"
                autoComplete="tel"
                {...form.getInputProps('phone')}
              />
              <TextInput
                label={t('auth.fields.username')}
                description={optional}
                autoComplete="username"
                {...form.getInputProps('username')}
              />
              <TextInput
                label={t('auth.fields.fullName')}
                autoComplete="name"
                required
                {...form.getInputProps('fullName')}
              />
              <PasswordField
                label={t('auth.fields.password')}
                autoComplete="new-password"
                required
                {...form.getInputProps('password')}
              />
              <PasswordField
                label={t('auth.fields.confirmPassword')}
                autoComplete="new-password"
                required
                {...form.getInputProps('confirmPassword')}
              />
              <TextInput
                label={t('auth.fields.referralCode')}
                description={optional}
                {...form.getInputProps('referralCode')}
              />
            </>
          )}
          <Button type="submit" fullWidth loading={submitting} disabled={submitting} mt="xs">
            {t(`auth.${mode}.submit`)}
          </Button>
        </Stack>
      </form>
      {mode === 'login' ? <SocialButtons redirect={redirectParam(location)} /> : null}
      {mode === 'login' ? (
        <Stack gap={6} align="center">
          <Text size="sm">
            {t('auth.login.noAccount')}{' '}
            <Anchor component={Link} to={`/signup${keepRedirect}`}>
              {t('auth.login.createAccount')}
            </Anchor>
          </Text>
          <Anchor component={Link} to="/domain" size="sm">
            {t('auth.login.domain')}
          </Anchor>
          <Anchor component={Link} to="/join" size="sm">
            {t('auth.login.join')}
          </Anchor>
        </Stack>
      ) : (
        <Text size="sm" ta="center">
          {t('auth.signup.haveAccount')}{' '}
          <Anchor component={Link} to={`/login${keepRedirect}`}>
            {t('auth.signup.signIn')}
          </Anchor>
        </Text>
      )}
    </AuthFrame>
  );
}

export function LoginPage() {
  return <AuthForm mode="login" />;
}

export function SignupPage() {
  return <AuthForm mode="signup" />;
}

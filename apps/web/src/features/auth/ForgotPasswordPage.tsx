import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { VERIFY_CODE_LENGTH } from '@podium/protocol';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from './AuthFrame.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useForgotPassword } from './useForgotPassword.ts';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const f = useForgotPassword();
  const intro =
    f.step === 'request'
      ? t('auth.forgot.intro')
      : t('auth.forgot.codeSent', { username: f.identifier });

  return (
    <AuthFrame title={t('auth.titles.forgotPassword')} intro={intro} error={f.submitError}>
      {f.step === 'request' ? (
        <form noValidate onSubmit={f.onRequest}>
          <Stack gap="sm">
            <TextInput
              label={t('auth.fields.identifier')}
              autoComplete="username"
              required
              {...f.requestForm.getInputProps('identifier')}
            />
            <Button type="submit" fullWidth loading={f.requesting} disabled={f.requesting}>
              {t('auth.forgot.send')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form noValidate onSubmit={f.onReset}>
          <Stack gap="sm">
            <TextInput
              label={t('auth.fields.resetCode')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFY_CODE_LENGTH}
              required
              {...f.resetForm.getInputProps('code')}
            />
            <PasswordField
              label={t('auth.fields.newPassword')}
              autoComplete="new-password"
              required
              {...f.resetForm.getInputProps('password')}
            />
            <PasswordField
              label={t('auth.fields.confirmPassword')}
              autoComplete="new-password"
              required
              {...f.resetForm.getInputProps('confirmPassword')}
            />
            <Button type="submit" fullWidth loading={f.resetting} disabled={f.resetting}>
              {t('auth.forgot.submit')}
            </Button>
            <Group justify="center">
              <Button
                variant="subtle"
                onClick={() => void f.resend()}
                loading={f.requesting}
                disabled={f.requesting}
              >
                {t('auth.forgot.resend')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('auth.forgot.backToSignIn')}
      </Anchor>
    </AuthFrame>
  );
}

import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { VERIFY_CODE_LENGTH } from '@podium/protocol';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from './AuthFrame.tsx';
import { useVerifyCode } from './useVerifyCode.ts';

export function VerifyCodePage() {
  const { t } = useTranslation();
  const v = useVerifyCode();
  const intro = v.username
    ? t('auth.verify.intro', { username: v.username })
    : t('auth.verify.introNoTarget');

  return (
    <AuthFrame title={t('auth.titles.verifyCode')} intro={intro}>
      {v.signedIn ? null : (
        <Alert color="yellow" variant="light">
          {t('auth.verify.signInFirst')}{' '}
          <Anchor component={Link} to={v.signInPath}>
            {t('auth.verify.signIn')}
          </Anchor>
        </Alert>
      )}
      <form noValidate onSubmit={v.onSubmit}>
        <Stack gap="sm">
          <TextInput
            label={t('auth.fields.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={VERIFY_CODE_LENGTH}
            required
            {...v.form.getInputProps('code')}
          />
          <Button type="submit" fullWidth loading={v.submitting} disabled={v.submitting}>
            {t('auth.verify.submit')}
          </Button>
          <Group justify="center">
            <Button
              variant="subtle"
              onClick={v.resend}
              loading={v.resending}
              disabled={!v.canResend || v.resending}
            >
              {t('auth.verify.resend')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthFrame>
  );
}

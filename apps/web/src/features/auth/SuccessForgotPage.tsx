import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { AuthFrame } from './AuthFrame.tsx';

export function SuccessForgotPage() {
  const { t } = useTranslation();
  return (
    <AuthFrame title={t('auth.titles.successForgot')} intro={t('auth.successForgot.text')}>
      <Button component={Link} to={NAMED_PATHS.login} fullWidth>
        {t('auth.successForgot.back')}
      </Button>
    </AuthFrame>
  );
}

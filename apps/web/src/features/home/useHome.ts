import { useTranslation } from 'react-i18next';
import { displayName, useAccount } from '../../shared/session/account.ts';

/** The greeting for /app: the account's name when signed in. */
export function useHomeGreeting(): { greeting: string; signedIn: boolean } {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  const name = account ? displayName(account) : '';
  return {
    greeting: name ? t('home.welcome', { name }) : t('home.welcomeGuest'),
    signedIn: Boolean(account),
  };
}

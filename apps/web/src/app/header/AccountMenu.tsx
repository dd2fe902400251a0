import { useState } from 'react';
import { Button, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { deferredModule } from '../../shared/ui/deferredModule.ts';
import { AccountAvatar } from './AccountAvatar.tsx';
import { useAccountMenu } from './useAccountMenu.ts';

// The menu (Mantine's Menu, Popover and floating-ui) is not in the first load (issue 11).
const useDropdown = deferredModule(() => import('./AccountMenuDropdown.tsx'));

/** Sign in when signed out; otherwise the account menu with Settings and Log out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const menu = useAccountMenu();
  const dropdown = useDropdown();
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  if (!menu.signedIn) {
    return (
      <Button component={Link} to={menu.signInPath} size="sm">
        {t('shell.signIn')}
      </Button>
    );
  }
  // The real menu takes over from the first press only: swapping the button while nobody uses it
  // would pull it from under a pointer or a screen reader's cursor.
  if (dropdown.module && pressed) {
    const { AccountMenuDropdown } = dropdown.module;
    return <AccountMenuDropdown menu={menu} focused={focused} />;
  }
  // Until then, the same button; pressing it opens the menu (once loaded, when it was not yet).
  return (
    <UnstyledButton
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={() => {
        setPressed(true);
        void dropdown.load();
      }}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <AccountAvatar menu={menu} />
    </UnstyledButton>
  );
}

import { Avatar, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useAccountMenu } from './useAccountMenu.ts';

/**
 * What the account menu's button shows. The initials are decoration: a visible "AT" inside a
 * button named "Account menu" fails WCAG 2.5.3 (label in name), so the name is hidden text and
 * the avatar hidden from assistive technology.
 */
export function AccountAvatar({ menu }: { menu: ReturnType<typeof useAccountMenu> }) {
  const { t } = useTranslation();
  return (
    <>
      <Avatar src={menu.avatar} alt="" color="podium" radius="xl" aria-hidden>
        {menu.initials}
      </Avatar>
      <VisuallyHidden>{t('shell.accountMenu')}</VisuallyHidden>
    </>
  );
}

import { Avatar, Button, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccountMenu } from './useAccountMenu.ts';

/** Sign in when signed out; otherwise the account menu with Settings and Log out. */
export function AccountMenu() {
  const { t } = useTranslation();
  const menu = useAccountMenu();
  if (!menu.signedIn) {
    return (
      <Button component={Link} to={menu.signInPath} size="sm">
        {t('shell.signIn')}
      </Button>
    );
  }
  return (
    <Menu position="bottom-end" width={220} withinPortal>
      <Menu.Target>
        {/* The initials are decoration: a visible "AT" inside a button named "Account menu"
            fails WCAG 2.5.3 (label in name), so the name is hidden text and the avatar hidden
            from assistive technology. */}
        <UnstyledButton>
          <Avatar src={menu.avatar} alt="" color="podium" radius="xl" aria-hidden>
            {menu.initials}
          </Avatar>
          <VisuallyHidden>{t('shell.accountMenu')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {menu.name ? (
          <Menu.Label>
            <Text size="sm" fw={600} truncate>
              {menu.name}
            </Text>
            {menu.email ? (
              <Text size="xs" c="dimmed" truncate>
                {menu.email}
              </Text>
            ) : null}
          </Menu.Label>
        ) : null}
        <Menu.Item
          component={Link}
          to="/app/settings"
          leftSection={<IconSettings size={16} aria-hidden />}
        >
          {t('shell.settings')}
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={menu.logout}
        >
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconSettings } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useTakeOverFocus } from '../../shared/ui/useTakeOverFocus.ts';
import { AccountAvatar } from './AccountAvatar.tsx';
import type { useAccountMenu } from './useAccountMenu.ts';

/**
 * The account menu with Settings and Log out, loaded after the page shows (AccountMenu.tsx
 * stands in until then). It replaces the button just pressed, so it opens at once; `focused`:
 * that button had the focus, which moves to this one.
 */
export function AccountMenuDropdown({
  menu,
  focused,
}: {
  menu: ReturnType<typeof useAccountMenu>;
  focused: boolean;
}) {
  const { t } = useTranslation();
  const target = useTakeOverFocus<HTMLButtonElement>(focused);
  return (
    <Menu position="bottom-end" width={220} withinPortal defaultOpened>
      <Menu.Target>
        <UnstyledButton ref={target}>
          <AccountAvatar menu={menu} />
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

import {
  Divider,
  Drawer,
  NavLink as MantineNavLink,
  Stack,
  Switch,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconBell, IconLogin, IconLogout, IconSettings } from '@tabler/icons-react';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';
import { useNotificationPanel } from '../../features/notifications/panel.ts';
import { MOBILE_MENU_BREAKPOINT } from './breakpoint.ts';
import { NAV_LINKS } from './MainNav.tsx';
import { useAccountMenu } from './useAccountMenu.ts';

/**
 * The phone menu's drawer with every destination of the header (navigation, notifications,
 * settings, language, theme, sign in or out), loaded after the page shows (MobileMenu.tsx).
 */
export function MobileMenuDrawer({ opened, close }: { opened: boolean; close: () => void }) {
  const { t } = useTranslation();
  const menu = useAccountMenu();
  const openNotifications = useNotificationPanel((s) => s.setOpened);
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return (
    <Drawer
      opened={opened}
      onClose={close}
      position="right"
      size={300}
      title={t('shell.menu')}
      closeButtonProps={{ 'aria-label': t('shell.closeMenu') }}
      hiddenFrom={MOBILE_MENU_BREAKPOINT}
    >
      <Stack gap="xs">
        <nav aria-label={t('shell.mainNavigation')}>
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end}>
              {({ isActive }) => (
                <MantineNavLink component="span" label={t(link.label)} active={isActive} />
              )}
            </NavLink>
          ))}
        </nav>
        <Divider />
        {menu.signedIn ? (
          <>
            <MantineNavLink
              component="button"
              label={t('notifications.heading')}
              leftSection={<IconBell size={16} aria-hidden />}
              onClick={() => {
                close();
                openNotifications(true);
              }}
            />
            <NavLink to="/app/settings">
              {({ isActive }) => (
                <MantineNavLink
                  component="span"
                  label={t('shell.settings')}
                  active={isActive}
                  leftSection={<IconSettings size={16} aria-hidden />}
                />
              )}
            </NavLink>
          </>
        ) : (
          <NavLink to={menu.signInPath}>
            <MantineNavLink
              component="span"
              label={t('shell.signIn')}
              leftSection={<IconLogin size={16} aria-hidden />}
            />
          </NavLink>
        )}
        <Divider />
        <LanguageSwitcher withLabel />
        <Switch
          label={t('shell.darkTheme')}
          checked={dark}
          onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
        />
        {menu.signedIn ? (
          <>
            <Divider />
            <MantineNavLink
              component="button"
              c="red"
              label={t('shell.logout')}
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => {
                close();
                menu.logout();
              }}
            />
          </>
        ) : null}
      </Stack>
    </Drawer>
  );
}

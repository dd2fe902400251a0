import { Anchor, AppShell, Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';
import { ThemeToggle } from '../../shared/theme/ThemeToggle.tsx';
import { AccountMenu } from '../header/AccountMenu.tsx';
import { Logo } from '../header/Logo.tsx';
import { MainNav } from '../header/MainNav.tsx';
import { MOBILE_MENU_BREAKPOINT } from '../header/breakpoint.ts';
import { MobileMenu } from '../header/MobileMenu.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import classes from './MainLayout.module.css';

/**
 * Everything under /app: header with navigation, language, theme and account; below the `md`
 * breakpoint these move into the phone menu (the bell stays in the header).
 */
export function MainLayout() {
  const { t } = useTranslation();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <Anchor href="#content" className={classes.skip}>
        {t('shell.skipToContent')}
      </Anchor>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="lg" wrap="nowrap">
            <Logo />
            <MainNav />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Group gap="xs" wrap="nowrap" visibleFrom={MOBILE_MENU_BREAKPOINT}>
              <LanguageSwitcher />
              <ThemeToggle />
            </Group>
            <NotificationBell />
            <Box visibleFrom={MOBILE_MENU_BREAKPOINT}>
              <AccountMenu />
            </Box>
            <MobileMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="content">
        <Container size="lg" py="md">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}

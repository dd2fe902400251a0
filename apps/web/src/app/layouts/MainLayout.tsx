import { Anchor, AppShell, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../shared/ui/LanguageSwitcher.tsx';
import { ThemeToggle } from '../../shared/theme/ThemeToggle.tsx';
import { AccountMenu } from '../header/AccountMenu.tsx';
import { Logo } from '../header/Logo.tsx';
import { MainNav } from '../header/MainNav.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import classes from './MainLayout.module.css';

/** Everything under /app: header with navigation, language, theme and account. */
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
            <LanguageSwitcher />
            <ThemeToggle />
            <NotificationBell />
            <AccountMenu />
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

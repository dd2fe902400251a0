import { Anchor, Box, Container, Group } from '@mantine/core';
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
 * The class react-remove-scroll (Mantine's scroll lock, while a dialog is open) moves away from
 * the hidden scrollbar, so the fixed header does not shift under it; named here rather than
 * imported, which would bring the library into every page's first load (issue 11).
 */
const KEEP_CLEAR_OF_SCROLLBAR = 'right-scroll-bar-position';

/**
 * Everything under /app: header with navigation, language, theme and account; below the `md`
 * breakpoint these move into the phone menu (the bell stays in the header). The layout of
 * Mantine's AppShell with a 60 px header and `md` padding, in plain elements (MainLayout.module.css):
 * its code and the scroll lock's were 7 KB gzip of /app's first load.
 */
export function MainLayout() {
  const { t } = useTranslation();
  return (
    <>
      <Anchor href="#content" className={classes.skip}>
        {t('shell.skipToContent')}
      </Anchor>
      <header className={`${classes.header} ${KEEP_CLEAR_OF_SCROLLBAR}`}>
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
      </header>
      <main id="content" className={classes.main}>
        <Container size="lg" py="md">
          <Outlet />
        </Container>
      </main>
    </>
  );
}

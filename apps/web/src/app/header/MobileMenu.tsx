import { Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { deferredModule } from '../../shared/ui/deferredModule.ts';
import { MOBILE_MENU_BREAKPOINT } from './breakpoint.ts';

// The drawer (Mantine's Drawer, NavLink, Switch) is not in the first load (issue 11).
const useDrawer = deferredModule(() => import('./MobileMenuDrawer.tsx'));

/**
 * Phones and narrow windows: a Menu button opening a drawer with every destination of the
 * header, so nothing falls off-screen at 390 px. Pressed before the drawer has loaded, it opens
 * once it is here.
 */
export function MobileMenu() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const drawer = useDrawer();
  const location = useLocation();
  // A followed link closes the drawer.
  useEffect(close, [location.key, close]);

  return (
    <>
      <Burger
        opened={opened}
        onClick={() => {
          if (!opened) void drawer.load().catch(() => undefined);
          toggle();
        }}
        hiddenFrom={MOBILE_MENU_BREAKPOINT}
        size="sm"
        aria-label={t('shell.menu')}
        aria-expanded={opened}
      />
      {drawer.module ? <drawer.module.MobileMenuDrawer opened={opened} close={close} /> : null}
    </>
  );
}

import { Button, Group } from '@mantine/core';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';

/** The main destinations, in the header on wide screens and in the phone menu. */
export const NAV_LINKS = [
  { to: NAMED_PATHS.main, label: 'shell.home', end: true },
  { to: '/app/conferences', label: 'shell.myEvents', end: false },
  { to: '/app/qr-calls', label: 'qrCall.manage.heading', end: false },
] as const;

/** Home and My events; NavLink marks the current one with aria-current="page". */
export function MainNav() {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('shell.mainNavigation')} gap={4} visibleFrom="md">
      {NAV_LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.end}>
          {({ isActive }) => (
            <Button component="span" variant={isActive ? 'light' : 'subtle'} size="compact-md">
              {t(link.label)}
            </Button>
          )}
        </NavLink>
      ))}
    </Group>
  );
}

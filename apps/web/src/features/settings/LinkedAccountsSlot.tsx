import { lazy, Suspense, type ComponentType } from 'react';
import { Loader, Text } from '@mantine/core';
import { useTranslation } from '../../shared/i18n/index.ts';

type LinkedModule = { LinkedAccounts?: ComponentType; default?: ComponentType };

/**
 * Social sign-in (another feature) provides `features/social-signin/LinkedAccounts.tsx`. It is
 * found at build time, so this section works before and after that feature lands.
 */
const found = import.meta.glob<LinkedModule>('../social-signin/LinkedAccounts.tsx');
const loader = Object.values(found)[0];
const Linked = loader
  ? lazy(async () => {
      const mod = await loader();
      const Component = mod.LinkedAccounts ?? mod.default;
      if (!Component) throw new Error('LinkedAccounts.tsx exports no component');
      return { default: Component };
    })
  : null;

export function LinkedAccountsSlot() {
  const { t } = useTranslation();
  if (!Linked) {
    return (
      <Text size="sm" c="dimmed">
        {t('settings.linked.unavailable')}
      </Text>
    );
  }
  return (
    <Suspense fallback={<Loader size="sm" aria-label={t('shell.loading')} />}>
      <Linked />
    </Suspense>
  );
}

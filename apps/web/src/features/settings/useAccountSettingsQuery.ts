import { useQuery } from '@tanstack/react-query';
import { useSessionStore } from '../../shared/session/store.ts';
import { settingsQuery } from './api.ts';

/**
 * The signed-in account's settings with loading and failure (the settings pages). Beside api.ts,
 * whose `useAccountSettings` the join page uses: a chunk holds every export any importer uses,
 * so this hook there would bring TanStack Query's runtime to the join page (issue 11).
 */
export function useAccountSettingsQuery() {
  const signedIn = useSessionStore((s) => s.signedIn);
  return useQuery({ ...settingsQuery(), enabled: signedIn });
}

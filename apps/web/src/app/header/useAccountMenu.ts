import { useLocation } from 'react-router';
import { displayName, useAccount } from '../../shared/session/account.ts';
import { logout } from '../../shared/session/logout.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { fullPath, loginPath } from '../../shared/routing/paths.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return (
    letters
      .map((p) => [...(p ?? '')][0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

export function useAccountMenu() {
  const signedIn = useSessionStore((s) => s.signedIn);
  const { data: account } = useAccount();
  const location = useLocation();
  const name = account ? displayName(account) : '';
  return {
    signedIn,
    name,
    email: account?.email ?? null,
    initials: initials(name),
    avatar: account?.avatar ?? null,
    signInPath: loginPath(fullPath(location)),
    logout: () => void logout('user'),
  };
}

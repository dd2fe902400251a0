import { create } from 'zustand';
import { cookieTokenStore } from '../api/tokens.ts';

interface SessionState {
  /** Spec §4: the login state is the presence of the access token cookie. */
  signedIn: boolean;
  setSignedIn(signedIn: boolean): void;
}

export const useSessionStore = create<SessionState>()((set) => ({
  signedIn: Boolean(cookieTokenStore.read().access),
  setSignedIn: (signedIn) => set({ signedIn }),
}));

export function isSignedIn(): boolean {
  return useSessionStore.getState().signedIn;
}

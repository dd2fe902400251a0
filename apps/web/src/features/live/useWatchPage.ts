import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { eventMessages } from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { errorKey, translateEventError } from '../events/errors.ts';
import { joinApi } from '../join/api.ts';
import { liveApi } from './api.ts';
import { watchPasscodeFields } from './fields.ts';
import { PlaybackPass } from './pass.ts';

/** How often the page asks whether the event is on air (and how many watch). */
const STATUS_POLL_MS = 5000;

type Access =
  | { kind: 'asking' }
  | { kind: 'passcode'; busy: boolean; error: string | null }
  | { kind: 'granted'; playlist: string }
  | { kind: 'closed' }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

function isInvalidPasscode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'invalid_passcode' || errorKey(error) === 'errors.invalid_passcode')
  );
}

/**
 * /live/:alias: the event's status (polled), the playback pass (bought through verify-call, so
 * the passcode rule of joining applies; renewed while the page is open) and the passcode prompt.
 */
export function useWatchPage(alias: string) {
  const { i18n } = useTranslation();
  const [lang] = useLanguage();
  const signedIn = useSessionStore((s) => s.signedIn);
  const status = useQuery({
    queryKey: ['live', 'status', alias.toLowerCase()],
    queryFn: ({ signal }) => liveApi.status(alias, signal),
    refetchInterval: (query) =>
      query.state.error instanceof ApiError && query.state.error.status === 404
        ? false
        : STATUS_POLL_MS,
    staleTime: 0,
    retry: 1,
  });
  const pass = useRef<PlaybackPass | null>(null);
  const [access, setAccess] = useState<Access>({ kind: 'asking' });
  const form = useAppForm({ passcode: '' }, watchPasscodeFields);
  /** Read by the player on every HLS request; stable, so the player is attached once. */
  const token = useCallback(() => pass.current?.token ?? null, []);

  useEffect(() => {
    const held = new PlaybackPass(liveApi);
    pass.current = held;
    return () => held.close();
  }, []);

  /** verify-call (with the passcode when given), then the playback token. */
  const acquire = async (passcode?: string) => {
    const held = pass.current;
    if (!held) return;
    try {
      const { ticket } = await joinApi.verifyCall({
        alias,
        ...(passcode !== undefined ? { passcode } : {}),
      });
      const playback = await held.start(ticket);
      setAccess({ kind: 'granted', playlist: playback.playlist });
    } catch (error) {
      if (error instanceof ApiError && error.status === 410) setAccess({ kind: 'expired' });
      else if (isInvalidPasscode(error)) {
        if (passcode !== undefined) {
          form.setFieldError('passcode', eventMessages['errors.invalid_passcode'][lang]);
        }
        setAccess({ kind: 'passcode', busy: false, error: null });
      } else if (passcode !== undefined) {
        setAccess({ kind: 'passcode', busy: false, error: translateEventError(error, i18n) });
      } else {
        setAccess({ kind: 'failed', message: translateEventError(error, i18n) });
      }
    }
  };

  const loaded = status.data !== undefined;
  // A passcode event asks a signed-out viewer first: no verify-call without a typed passcode,
  // so a page load never counts as a wrong guess. Anyone else (no passcode, or signed in: the
  // owner needs none) is let straight in when the status first loads.
  const askFirst = status.data?.require_passcode === true && !signedIn;
  const view: Access =
    access.kind === 'asking' && askFirst ? { kind: 'passcode', busy: false, error: null } : access;
  const started = useRef(false);
  useEffect(() => {
    if (!loaded || askFirst || started.current) return;
    started.current = true;
    void acquire();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the status first loads
  }, [loaded, askFirst]);

  return {
    status,
    access: view,
    form,
    token,
    submitPasscode: () => {
      if (view.kind !== 'passcode') return;
      if (form.validateField('passcode').hasError) return;
      setAccess({ kind: 'passcode', busy: true, error: null });
      void acquire(form.getValues().passcode);
    },
    cancelPasscode: () => setAccess({ kind: 'closed' }),
    reopenPasscode: () => setAccess({ kind: 'passcode', busy: false, error: null }),
  };
}

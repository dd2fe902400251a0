import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { EVENT_DEFAULT_DURATION, rules, type Rule } from '@podium/protocol';
import type { FieldSpec } from '../../shared/forms/useAppForm.ts';
import { useField } from '../../shared/forms/useField.ts';
import { useTranslation } from '../../shared/i18n/index.ts';
import { loginPath } from '../../shared/routing/paths.ts';
import { displayName, useAccount } from '../../shared/session/account.ts';
import { parseJoinInput } from '../auth/joinInput.ts';
import { eventQueryKey, eventsApi } from '../events/api.ts';
import { conferenceMode } from '../events/conferenceMode.ts';
import { translateEventError } from '../events/errors.ts';

/** The greeting for /app: the account's name when signed in. */
export function useHomeGreeting(): { greeting: string; signedIn: boolean } {
  const { t } = useTranslation();
  const { data: account } = useAccount();
  const name = account ? displayName(account) : '';
  return {
    greeting: name ? t('home.welcome', { name }) : t('home.welcomeGuest'),
    signedIn: Boolean(account),
  };
}

export const SCHEDULE_PATH = '/app/conferences/add';

/**
 * Start an instant meeting: an event starting now in the account's conference mode, then its
 * join page. Signed-out visitors go to sign in first and come back here.
 */
export function useStartMeeting() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: account } = useAccount();
  const [error, setError] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => {
      const name = account ? displayName(account) : '';
      return eventsApi.create({
        type: 'conference',
        title: name ? t('home.start.meetingTitle', { name }) : t('home.start.meetingTitleGuest'),
        start_time: new Date().toISOString(),
        duration: EVENT_DEFAULT_DURATION,
        mode: conferenceMode(account),
      });
    },
    onSuccess: async (event) => {
      queryClient.setQueryData(eventQueryKey(event.id), event);
      await navigate(`/j/${encodeURIComponent(event.name)}`);
    },
    onError: (e) => setError(translateEventError(e, i18n)),
  });
  return {
    signedIn: Boolean(account),
    start: () => {
      setError(null);
      if (account) start.mutate();
      else void navigate(loginPath('/app'));
    },
    starting: start.isPending,
    error,
    schedule: () => void navigate(account ? SCHEDULE_PATH : loginPath(SCHEDULE_PATH)),
  };
}

const joinable: Rule = (value) =>
  typeof value === 'string' && value.trim() && !parseJoinInput(value)
    ? { key: 'invalid_conference_link' }
    : null;

const joinField: FieldSpec = { rules: [rules.required(), joinable], label: 'home.join.field' };

/**
 * Join by pasting a link or typing a code; an invalid one says 'Invalid Conference link'. One
 * field of state (shared/forms/useField.ts) rather than a form: @mantine/form stays off /app's
 * first load (issue 11).
 */
export function useJoinByLink() {
  const navigate = useNavigate();
  const link = useField(joinField);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Passing the rules means the input parses (joinable).
    const target = link.validate() ? parseJoinInput(link.value) : null;
    if (target) void navigate(target);
  };
  return { field: link.props, onSubmit };
}

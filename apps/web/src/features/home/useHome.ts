import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  EVENT_DEFAULT_DURATION,
  fieldValidator,
  INPUT_DEBOUNCE_MS,
  rules,
  type Rule,
} from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
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

const joinRules = [rules.required(), joinable];

/**
 * Join by pasting a link or typing a code; an invalid one says 'Invalid Conference link'. The
 * one field behaves as the app's forms do (shared/forms/useAppForm.ts: the shared rules, checked
 * INPUT_DEBOUNCE_MS after leaving the field and on submit, the message gone while typing and in
 * the current language), in a few lines of state instead of @mantine/form, which was 6 KB gzip
 * of /app's first load (issue 11).
 */
export function useJoinByLink() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [link, setLink] = useState('');
  // Whether the field's message shows: set on leaving it and on submit, cleared by typing.
  // The message itself is worked out on each render, so it follows a change of language.
  const [checked, setChecked] = useState(false);
  const check = useMemo(
    () => fieldValidator(joinRules, language, t('home.join.field')),
    [language, t],
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    const target = check(link) ? null : parseJoinInput(link);
    if (target) void navigate(target);
    else setChecked(true);
  };
  const field = {
    value: link,
    error: checked ? check(link) : null,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setLink(event.currentTarget.value);
      setChecked(false);
    },
    onBlur: () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setChecked(true), INPUT_DEBOUNCE_MS);
    },
  };
  return { field, onSubmit };
}

import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { domainSchema, type DomainEnvironment, type FindDomainResponse } from '@podium/protocol';
import { translateApiError } from '../../shared/i18n/translateError.ts';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { findDomain } from './api.ts';
import {
  clearDomainEnvironment,
  loadDomainEnvironment,
  saveDomainEnvironment,
} from './environment.ts';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** /domain: search a domain, keep its environment, go to its sign-in. */
export function useDomainSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [saved, setSaved] = useState<DomainEnvironment | null>(() =>
    loadDomainEnvironment(window.localStorage),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const search = useMutation({ mutationFn: (domain: string) => findDomain(domain) });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const parsed = domainSchema.safeParse(query);
    if (!parsed.success) {
      setFieldError(t('domain.invalid'));
      return;
    }
    setFieldError(null);
    search.mutate(parsed.data);
  };

  const choose = async (found: FindDomainResponse) => {
    saveDomainEnvironment(window.localStorage, found.environment);
    setSaved(found.environment);
    const main = new URL(found.environment.MAIN_DOMAIN);
    // The organization's own deployment: its sign-in page is there, not here.
    if (main.origin !== window.location.origin) {
      window.location.assign(new URL(NAMED_PATHS.login, main).href);
      return;
    }
    await navigate(NAMED_PATHS.login);
  };

  const forget = () => {
    clearDomainEnvironment(window.localStorage);
    setSaved(null);
    setNotice(t('domain.forgotten'));
  };

  return {
    query,
    setQuery,
    fieldError,
    submit,
    searching: search.isPending,
    found: search.data ?? null,
    searchError: search.isError ? translateApiError(search.error, i18n) : null,
    choose,
    saved: saved ? hostOf(saved.MAIN_DOMAIN) : null,
    forget,
    notice,
    hostOf,
  };
}

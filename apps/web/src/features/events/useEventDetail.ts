import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { AliasDto } from '@podium/protocol';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { displayName, useAccount } from '../../shared/session/account.ts';
import { toastError, toastSuccess } from '../../shared/ui/toast.ts';
import { eventQueryKey, eventsApi, viewerTimeZone } from './api.ts';
import { googleCalendarUrl, icsFileName, outlookCalendarUrl } from './calendarLinks.ts';
import { downloadBlob } from './download.ts';
import { translateEventError } from './errors.ts';
import { gmailComposeUrl, invitation, mailtoUrl, outlookComposeUrl } from './invite.ts';
import { useCopy } from './useCopy.ts';

/** The actions of the event detail page: share, calendar, delete. */
export function useEventDetail(event: AliasDto) {
  const { t, i18n } = useTranslation();
  const [lang] = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useAccount().data;
  const { copied, copy } = useCopy();

  const senderName = (account ? displayName(account) : '') || event.owner.name;
  const mail = invitation(lang, {
    senderName,
    eventName: event.title,
    eventLink: event.invite_link,
  });
  const calendarEvent = {
    title: event.title,
    start: event.start_time,
    end: event.end_time,
    link: event.invite_link,
    description: event.description,
  };

  const remove = useMutation({
    mutationFn: () => eventsApi.remove(event.id),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: eventQueryKey(event.id) });
      toastSuccess(t('events.toasts.deleted'));
      await navigate('/app/conferences', { replace: true });
    },
    onError: (error) => toastError(translateEventError(error, i18n)),
  });

  const downloadIcs = useMutation({
    mutationFn: () => eventsApi.calendarFile(event.name, viewerTimeZone()),
    onSuccess: (text) => {
      downloadBlob(new Blob([text], { type: 'text/calendar' }), icsFileName(event.name));
      toastSuccess(t('events.toasts.icsDownloaded'));
    },
    onError: (error) => toastError(translateEventError(error, i18n)),
  });

  const copyInvite = async () => {
    if (await copy(event.invite_link)) toastSuccess(t('events.toasts.copied'));
    else toastError(t('events.detail.copyFailed'));
  };

  return {
    copied,
    copyInvite,
    links: {
      mailto: mailtoUrl(mail),
      gmail: gmailComposeUrl(mail),
      outlookMail: outlookComposeUrl(mail),
      googleCalendar: googleCalendarUrl(calendarEvent),
      outlookCalendar: outlookCalendarUrl(calendarEvent),
    },
    downloadIcs: () => downloadIcs.mutate(),
    downloadingIcs: downloadIcs.isPending,
    remove: () => remove.mutate(),
    removing: remove.isPending,
  };
}

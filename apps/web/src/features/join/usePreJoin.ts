import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { eventMessages, type AliasShortDetail } from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { displayName, useAccount } from '../../shared/session/account.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { errorKey, translateEventError } from '../events/errors.ts';
import { joinApi } from './api.ts';
import { preJoinFields, type PreJoinValues } from './fields.ts';
import type { JoinLink } from './joinLink.ts';
import type { JoinAdmission } from './ticket.ts';
import { usePreJoinMedia } from './usePreJoinMedia.ts';

interface JoinAttempt {
  values: PreJoinValues;
  withMedia: boolean;
}

function isInvalidPasscode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'invalid_passcode' || errorKey(error) === 'errors.invalid_passcode')
  );
}

/**
 * The pre-join page: name, passcode, devices, then verify-call. A success hands the admission
 * (the join ticket and the media choices) to `onAdmitted`; 410 means the event expired.
 */
export function usePreJoin(
  detail: AliasShortDetail,
  link: JoinLink,
  onAdmitted: (admission: JoinAdmission) => void,
  onExpired: () => void,
) {
  const { i18n } = useTranslation();
  const [lang] = useLanguage();
  const signedIn = useSessionStore((s) => s.signedIn);
  const account = useAccount().data;
  const media = usePreJoinMedia();
  const askPasscode = detail.require_passcode && !link.speaker && !link.host;
  const form = useAppForm<PreJoinValues>(
    {
      displayName: account ? displayName(account) : '',
      passcode: '',
      guest: !signedIn,
      askPasscode,
    },
    preJoinFields,
  );
  const [formError, setFormError] = useState<string | null>(null);

  // The account may load after the page: prefill the name unless the person typed one.
  const accountName = account ? displayName(account) : '';
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    setFieldValue('guest', !signedIn);
    if (accountName && !getValues().displayName) setFieldValue('displayName', accountName);
  }, [signedIn, accountName, setFieldValue, getValues]);

  const verify = useMutation({
    mutationFn: ({ values }: JoinAttempt) =>
      joinApi.verifyCall({
        alias: link.alias,
        passcode: askPasscode && values.passcode ? values.passcode : undefined,
        speaker: link.speaker ?? undefined,
        host: link.host ?? undefined,
        display_name: values.displayName.trim() || undefined,
      }),
    onSuccess: (response, { values, withMedia }) => {
      const { camera, microphone, selected } = media.state;
      onAdmitted({
        alias: link.alias,
        ticket: response.ticket,
        expiresAt: response.expires_at,
        role: response.role,
        displayName: response.display_name ?? (values.displayName.trim() || null),
        title: response.alias.title,
        media: {
          camera: withMedia && camera.on,
          microphone: withMedia && microphone.on,
          cameraId: selected.camera,
          microphoneId: selected.microphone,
          speakerId: selected.speaker,
        },
      });
      media.stop();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 410) {
        media.stop();
        onExpired();
      } else if (isInvalidPasscode(error) && askPasscode) {
        form.setFieldError('passcode', eventMessages['errors.invalid_passcode'][lang]);
      } else {
        setFormError(translateEventError(error, i18n));
      }
    },
  });

  const join = (withMedia: boolean) => {
    setFormError(null);
    if (form.validate().hasErrors) return;
    // Joining without devices releases them now, so the light of the camera goes off at once.
    if (!withMedia) media.allOff();
    verify.mutate({ values: form.getValues(), withMedia });
  };

  return {
    form,
    media,
    askPasscode,
    signedIn,
    formError,
    joining: verify.isPending,
    joinInBrowser: () => join(true),
    continueWithout: () => join(false),
  };
}

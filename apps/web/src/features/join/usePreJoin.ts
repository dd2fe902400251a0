import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  eventMessages,
  type AliasShortDetail,
  type SignalAuthResponse,
  type VerifyCallWithSocket,
} from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import { useAppForm } from '../../shared/forms/useAppForm.ts';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { displayName, useAccount } from '../../shared/session/account.ts';
import { guestKey } from '../../shared/session/guestKey.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { errorKey, translateEventError } from '../events/errors.ts';
import { joinApi } from './api.ts';
import { preJoinFields, type PreJoinValues } from './fields.ts';
import type { JoinLink } from './joinLink.ts';
import type { JoinAdmission } from '../../shared/session/admission.ts';
import { usePreJoinMedia } from './usePreJoinMedia.ts';

interface JoinAttempt {
  values: PreJoinValues;
  withMedia: boolean;
  /** Sent only from the passcode modal; without it the server decides (owner, host, speaker). */
  passcode?: string;
  /**
   * Verify-call, already asked: it goes out in the click's own task, before React renders the
   * click's state (40–100 ms on a loaded machine), not after.
   */
  request: Promise<VerifyCallWithSocket>;
}

function isInvalidPasscode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'invalid_passcode' || errorKey(error) === 'errors.invalid_passcode')
  );
}

/** What the page does around verify-call beyond the admission itself. */
export interface JoinAttemptHooks {
  /** Verify-call is being asked: work the room can start already (open its socket). */
  joining?: () => void;
  /** It did not admit: undo that work. */
  notAdmitted?: () => void;
}

/**
 * The pre-join page: name, devices, then verify-call; the passcode, when the event asks for one,
 * is typed in a modal opened by either join button. A success hands the admission
 * (the join ticket and the media choices) to `onAdmitted`; 410 means the event expired.
 */
export function usePreJoin(
  detail: AliasShortDetail,
  link: JoinLink,
  onAdmitted: (admission: JoinAdmission, socket: SignalAuthResponse | undefined) => void,
  onExpired: () => void,
  hooks: JoinAttemptHooks = {},
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
  /** Admitted: the page waits for the room to show (useJoinPage); no second attempt meanwhile. */
  const [admitted, setAdmitted] = useState(false);
  /** Open passcode modal, and which join button opened it (with or without devices). */
  const [passcodeFor, setPasscodeFor] = useState<{ withMedia: boolean } | null>(null);

  // The account may load after the page: prefill the name unless the person typed one.
  const accountName = account ? displayName(account) : '';
  const { setFieldValue, getValues } = form;
  useEffect(() => {
    setFieldValue('guest', !signedIn);
    if (accountName && !getValues().displayName) setFieldValue('displayName', accountName);
  }, [signedIn, accountName, setFieldValue, getValues]);

  const verify = useMutation({
    mutationFn: ({ request }: JoinAttempt) => request,
    onSuccess: (response, { values, withMedia }) => {
      const { camera, microphone, selected } = media.state;
      onAdmitted(
        {
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
        },
        response.socket,
      );
      // A task later: stopping the preview re-renders the page synchronously (its store), and
      // that render ran in the same microtasks as the room's hello, ahead of it (40–55 ms traced).
      setTimeout(() => {
        setAdmitted(true);
        setPasscodeFor(null);
        media.stop();
      }, 0);
    },
    onError: (error, { withMedia, passcode }) => {
      hooks.notAdmitted?.();
      if (error instanceof ApiError && error.status === 410) {
        setPasscodeFor(null);
        media.stop();
        onExpired();
      } else if (isInvalidPasscode(error) && askPasscode) {
        // Tried without one (a signed-in person who is not the owner): ask for it now.
        if (passcode === undefined) setPasscodeFor({ withMedia });
        else form.setFieldError('passcode', eventMessages['errors.invalid_passcode'][lang]);
      } else {
        setFormError(translateEventError(error, i18n));
      }
    },
  });

  const send = (withMedia: boolean, passcode?: string) => {
    const values = form.getValues();
    const request = joinApi.verifyCall({
      alias: link.alias,
      passcode: askPasscode && passcode ? passcode : undefined,
      speaker: link.speaker ?? undefined,
      host: link.host ?? undefined,
      display_name: values.displayName.trim() || undefined,
      // The room's socket credentials come with the admission: no second request after it.
      socket: true,
      guest_key: guestKey(),
    });
    // Settled through the mutation; this only keeps an early failure from being unhandled.
    request.catch(() => undefined);
    hooks.joining?.();
    setFormError(null);
    // Joining without devices releases them now, so the light of the camera goes off at once.
    if (!withMedia) media.allOff();
    verify.mutate({ values, withMedia, passcode, request });
  };

  const join = (withMedia: boolean) => {
    setFormError(null);
    if (form.validateField('displayName').hasError) return;
    // A guest cannot be the owner: ask at once. A signed-in person may be, so the server
    // decides first and a refusal opens the modal.
    if (askPasscode && !signedIn) {
      form.clearFieldError('passcode');
      setPasscodeFor({ withMedia });
      return;
    }
    send(withMedia);
  };

  const submitPasscode = () => {
    if (!passcodeFor) return;
    // A new attempt: the last server answer must not stand in for this one.
    form.clearFieldError('passcode');
    if (form.validateField('passcode').hasError) return;
    send(passcodeFor.withMedia, form.getValues().passcode);
  };

  const cancelPasscode = () => {
    if (verify.isPending) return;
    form.clearFieldError('passcode');
    setFormError(null);
    setPasscodeFor(null);
  };

  return {
    form,
    media,
    signedIn,
    formError,
    joining: verify.isPending || admitted,
    passcodeOpen: passcodeFor !== null,
    joinInBrowser: () => join(true),
    continueWithout: () => join(false),
    submitPasscode,
    cancelPasscode,
  };
}

import { useState } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import {
  eventMessages,
  type AliasShortDetail,
  type HelloJoinLink,
  type JoinRole,
  type SignalAuthResponse,
  type VerifyCallWithSocket,
} from '@podium/protocol';
import { ApiError } from '../../shared/api/errors.ts';
import { useField } from '../../shared/forms/useField.ts';
import { useLanguage, useTranslation } from '../../shared/i18n/index.ts';
import { displayName, useAccount } from '../../shared/session/account.ts';
import { guestKey } from '../../shared/session/guestKey.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { errorKey, translateEventError } from '../events/errors.ts';
import { joinApi } from './api.ts';
import { preJoinFields } from './fields.ts';
import type { JoinLink } from './joinLink.ts';
import type { JoinAdmission, MediaChoices } from '../../shared/session/admission.ts';
import { usePreJoinMedia } from './usePreJoinMedia.ts';

interface JoinAttempt {
  /** The name as typed when joining. */
  name: string;
  withMedia: boolean;
  /** The devices chosen at the click. */
  media: MediaChoices;
  /** Sent only from the passcode modal; without it the server decides (owner, host, speaker). */
  passcode?: string;
}

interface JoinBusy {
  joining: boolean;
}

/** Whether the pre-join page's join is under way (usePreJoin's `busy`), for its controls. */
export function useJoining(busy: StoreApi<JoinBusy>): boolean {
  return useStore(busy, (state) => state.joining);
}

function isInvalidPasscode(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'invalid_passcode' || errorKey(error) === 'errors.invalid_passcode')
  );
}

/** An admission, from verify-call or from the room's own socket. */
export interface Admitted {
  ticket: string;
  expires_at: string;
  role: JoinRole;
  display_name: string | null;
  /** The event's title. */
  title: string;
  /** verify-call's socket credentials for the room (none when its socket was admitted itself). */
  socket?: SignalAuthResponse;
  /** The room's socket was admitted itself (`hello {join_link}`): it holds its credentials. */
  greeted: boolean;
}

const fromVerifyCall = (response: VerifyCallWithSocket): Admitted => ({
  ticket: response.ticket,
  expires_at: response.expires_at,
  role: response.role,
  display_name: response.display_name,
  title: response.alias.title,
  ...(response.socket ? { socket: response.socket } : {}),
  greeted: false,
});

/** What the page does around verify-call beyond the admission itself. */
export interface JoinAttemptHooks {
  /**
   * The admission asked on the room's own socket instead of verify-call, with the media chosen
   * (the room starts with it); null when that cannot be done now (the room's code is not here
   * yet): verify-call then.
   */
  admitOnSocket?: (link: HelloJoinLink, media: MediaChoices) => Promise<Admitted> | null;
  /**
   * Verify-call is being asked: work the room can start already (its session, socket and
   * devices) with the media chosen.
   */
  joining?: (media: MediaChoices) => void;
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
  onAdmitted: (admission: JoinAdmission, admitted: Admitted) => void,
  onExpired: () => void,
  hooks: JoinAttemptHooks = {},
) {
  const { i18n } = useTranslation();
  const [lang] = useLanguage();
  const signedIn = useSessionStore((s) => s.signedIn);
  const account = useAccount().data;
  const media = usePreJoinMedia();
  const askPasscode = detail.require_passcode && !link.speaker && !link.host;
  // Two fields of state rather than a form: @mantine/form stays off /j/{alias}'s first load.
  const context = { guest: !signedIn, askPasscode };
  const name = useField(preJoinFields.displayName, account ? displayName(account) : '', context);
  const passcodeField = useField(preJoinFields.passcode, '', context);
  const [formError, setFormError] = useState<string | null>(null);
  /**
   * Whether a join is under way (verify-call asked, or admitted and waiting for the room to show:
   * no second attempt meanwhile). Outside the page's state, so only the controls showing it
   * render again: rendering the whole pre-join page at the click and after the admission took
   * 17–31 ms of the main thread (traced, issue 11 item 3) while verify-call's answer and the
   * room's hello waited behind it.
   */
  const [busy] = useState(() => createStore<JoinBusy>(() => ({ joining: false })));
  /** Open passcode modal, and which join button opened it (with or without devices). */
  const [passcodeFor, setPasscodeFor] = useState<{ withMedia: boolean } | null>(null);

  // The account may load after the page: prefill the name unless the person typed one.
  const accountName = account ? displayName(account) : '';
  // Set while rendering (React's way to follow a prop): only when the account's name arrives, so
  // emptying the field afterwards does not refill it.
  const [shownAccountName, setShownAccountName] = useState(accountName);
  if (accountName !== shownAccountName) {
    setShownAccountName(accountName);
    if (accountName && !name.value) name.setValue(accountName);
  }

  /*
   * Admitted: the page stays as it is, its controls busy, until the room has something to show
   * (useJoinPage); the preview releases the devices when the page goes (usePreJoinMedia).
   * Stopping it here re-rendered the page exactly while the room said hello and joined.
   */
  const admitted = (response: Admitted, { name: typed, media: chosen }: JoinAttempt) => {
    onAdmitted(
      {
        alias: link.alias,
        ticket: response.ticket,
        expiresAt: response.expires_at,
        role: response.role,
        displayName: response.display_name ?? (typed.trim() || null),
        title: response.title,
        media: chosen,
      },
      response,
    );
  };

  const choices = (withMedia: boolean): MediaChoices => {
    const { camera, microphone, selected } = media.state;
    return {
      camera: withMedia && camera.on,
      microphone: withMedia && microphone.on,
      cameraId: selected.camera,
      microphoneId: selected.microphone,
      speakerId: selected.speaker,
    };
  };

  const refused = (error: unknown, { withMedia, passcode }: JoinAttempt) => {
    busy.setState({ joining: false });
    hooks.notAdmitted?.();
    if (error instanceof ApiError && error.status === 410) {
      setPasscodeFor(null);
      media.stop();
      onExpired();
    } else if (isInvalidPasscode(error) && askPasscode) {
      // Tried without one (a signed-in person who is not the owner): ask for it now.
      if (passcode === undefined) setPasscodeFor({ withMedia });
      else passcodeField.setError(eventMessages['errors.invalid_passcode'][lang]);
    } else {
      setFormError(translateEventError(error, i18n));
    }
  };

  const send = (withMedia: boolean, passcode?: string) => {
    if (busy.getState().joining) return;
    // Verify-call goes out in the click's own task, before anything on the page renders.
    const attempt: JoinAttempt = {
      name: name.value,
      withMedia,
      media: choices(withMedia),
      passcode,
    };
    const request = {
      alias: link.alias,
      passcode: askPasscode && passcode ? passcode : undefined,
      speaker: link.speaker ?? undefined,
      host: link.host ?? undefined,
      display_name: name.value.trim() || undefined,
      guest_key: guestKey(),
    };
    const onSocket = hooks.admitOnSocket?.(request, attempt.media) ?? null;
    // Else verify-call; the room's socket credentials come with it: no second request after it.
    const asked = onSocket ?? joinApi.verifyCall({ ...request, socket: true }).then(fromVerifyCall);
    asked.then(
      (response) => admitted(response, attempt),
      (error: unknown) => refused(error, attempt),
    );
    if (!onSocket) hooks.joining?.(attempt.media);
    busy.setState({ joining: true });
    setFormError(null);
    // Joining without devices releases them now, so the light of the camera goes off at once.
    if (!withMedia) media.allOff();
  };

  const join = (withMedia: boolean) => {
    setFormError(null);
    if (!name.validate()) return;
    // A guest cannot be the owner: ask at once. A signed-in person may be, so the server
    // decides first and a refusal opens the modal.
    if (askPasscode && !signedIn) {
      passcodeField.setError(null);
      setPasscodeFor({ withMedia });
      return;
    }
    send(withMedia);
  };

  const submitPasscode = () => {
    if (!passcodeFor) return;
    // A new attempt: the last server answer must not stand in for this one.
    passcodeField.setError(null);
    if (!passcodeField.validate()) return;
    send(passcodeFor.withMedia, passcodeField.value);
  };

  const cancelPasscode = () => {
    if (busy.getState().joining) return;
    passcodeField.setError(null);
    setFormError(null);
    setPasscodeFor(null);
  };

  return {
    name,
    passcode: passcodeField,
    media,
    signedIn,
    formError,
    busy,
    passcodeOpen: passcodeFor !== null,
    joinInBrowser: () => join(true),
    continueWithout: () => join(false),
    submitPasscode,
    cancelPasscode,
  };
}

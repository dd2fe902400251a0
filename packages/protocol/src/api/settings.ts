import { z } from 'zod';
import { IMAGE_MAX_BYTES, LANGUAGES } from '../limits.ts';
import type { AccountDto } from './account.ts';

/**
 * Account settings beyond `account_setting.conference_mode` (spec §1 "Account settings": language,
 * anti-screen-capture, audio and video, privacy, customize conference). Read with
 * `GET /api/account/details` (the `settings` key), changed with `POST /api/account/setting/update`.
 */
/** The avatar upload (multipart, one `file` part): an image (sniffed) of at most 1 MB (spec §9 images). */
export const AVATAR_MAX_BYTES = IMAGE_MAX_BYTES;

/** The layouts a person may start a call in (pin needs someone to pin, so it is not a default). */
export const DEFAULT_LAYOUTS = ['gallery', 'center'] as const;
export type DefaultLayout = (typeof DEFAULT_LAYOUTS)[number];

/** A device id from `enumerateDevices()`; null means "the system default". */
const deviceId = z.string().trim().min(1).max(256).nullable();

export const accountSettingsSchema = z.object({
  /**
   * Spec §3 language option; kept on the account so it follows the person between browsers.
   * Null until the person chooses one: then the browser's language applies.
   */
  language: z.enum(LANGUAGES).nullable(),
  /** In calls: the viewer's identity as a watermark on remote video, blurred while hidden. */
  anti_screen_capture: z.boolean(),
  /** Spec §9: off unless the person chose otherwise; the pre-join honours these. */
  mic_on_join: z.boolean(),
  camera_on_join: z.boolean(),
  audio_input_id: deviceId,
  video_input_id: deviceId,
  audio_output_id: deviceId,
  /** Privacy: other hosts' events do not mail invitations to this account's email when false. */
  allow_invitation_emails: z.boolean(),
  /** Customize conference: the stage layout a call opens in. */
  default_layout: z.enum(DEFAULT_LAYOUTS),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  language: null,
  anti_screen_capture: false,
  mic_on_join: false,
  camera_on_join: false,
  audio_input_id: null,
  video_input_id: null,
  audio_output_id: null,
  allow_invitation_emails: true,
  default_layout: 'gallery',
};

/** Any subset; unknown keys are refused so a misspelt setting is not silently dropped. */
export const accountSettingsUpdateRequest = accountSettingsSchema.partial().strict();
export type AccountSettingsUpdate = z.infer<typeof accountSettingsUpdateRequest>;

/** `GET /api/account/details`, and every settings endpoint: the account plus its settings. */
export interface AccountDetailsDto extends AccountDto {
  settings: AccountSettings;
}

/** One signed-in session of the account (advanced security). */
export interface AccountSessionDto {
  id: string;
  created_at: string;
  /** When its tokens were last renewed; null when never. */
  renewed_at: string | null;
  expires_at: string;
  /** The session the request came from. */
  current: boolean;
}

export const sessionRevokeRequest = z.object({ id: z.string().trim().min(1).max(64) });

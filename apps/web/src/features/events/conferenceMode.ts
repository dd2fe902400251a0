import { CONFERENCE_MODES, DEFAULT_CONFERENCE_MODE, type ConferenceMode } from '@podium/protocol';

/**
 * The account's default mode for instant meetings (spec §4): meeting or endtoend, meeting when
 * missing or invalid.
 */
export function conferenceMode(
  account: { account_setting?: { conference_mode?: unknown } | null } | null | undefined,
): ConferenceMode {
  const mode = account?.account_setting?.conference_mode;
  return (CONFERENCE_MODES as readonly unknown[]).includes(mode)
    ? (mode as ConferenceMode)
    : DEFAULT_CONFERENCE_MODE;
}

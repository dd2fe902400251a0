import { isDeepStrictEqual } from 'node:util';
import {
  WELCOME_CLOCK_FIELDS,
  WELCOME_DEFAULTS,
  type ServerMessage,
  type ServerMessageType,
} from '@podium/protocol';

/** Each default's fields by message type (protocol `WELCOME_DEFAULTS`). */
const DEFAULT_FIELDS = new Map<ServerMessageType, ReadonlyMap<string, unknown>>(
  WELCOME_DEFAULTS.map((m) => [m.type, new Map(Object.entries(m))]),
);

/**
 * Whether `message` tells what a browser welcomed as a new participant already holds (protocol
 * `WELCOME_DEFAULTS`): such a participant is not sent it (`FeatureRuntime.welcome`). Compared
 * field by field and by value, so a state equal to the default but built apart from it counts as
 * the default, and a field the default lacks does not; the server's clock is not state.
 */
export function isWelcomeDefault(message: ServerMessage): boolean {
  const expected = DEFAULT_FIELDS.get(message.type);
  if (!expected) return false;
  const fields = Object.entries(message);
  if (fields.length !== expected.size) return false;
  return fields.every(([key, value]) => {
    if (!expected.has(key)) return false;
    const byDefault = expected.get(key);
    // Most states are the default's own object (IDLE_RECORDING, DEFAULT_STUDIO): no walk then.
    return (
      value === byDefault || WELCOME_CLOCK_FIELDS.has(key) || isDeepStrictEqual(value, byDefault)
    );
  });
}

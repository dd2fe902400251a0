import {
  identityKey,
  resolveAudience,
  type Decision,
  type Outgoing,
  type RoomState,
} from '../../../rooms/index.ts';
import type { FeatureRoom } from '../types.ts';
import { roomOf, type Breakout } from './rules.ts';
import { activate, runOf, stateEvents } from './slot.ts';

/**
 * What the room machine decides, adapted to open breakout rooms (`RoomFeature.decorate`, after
 * chat stamped its ids):
 *
 * - a public chat message reaches only the people in the sender's room (a breakout room or the
 *   main room); one sent in a breakout room is not kept in the event's chat history (which every
 *   joiner gets), so it never leaks to the main room or another breakout room later;
 * - when the roster changes (someone joins, leaves, or sees more as a new co-host), everyone
 *   gets the breakout rooms again with the members they may see.
 */
export function breakoutDecorate(room: FeatureRoom, d: Decision): Decision {
  // Restored after a restart: the groups and the timer start with the first command.
  activate(room);
  const b = runOf(room).breakout;
  if (!b) return d;
  let events = d.events;
  let effects = d.effects;
  if (events.some((e) => e.message.type === 'chat_message' && e.to.to === 'everyone')) {
    const rewritten = splitChat(d.state, b, events);
    events = rewritten.events;
    if (rewritten.inBreakout.size > 0) {
      effects = effects.filter(
        (e) => e.kind !== 'chat.persist' || !rewritten.inBreakout.has(e.message.id),
      );
    }
  }
  if (events.some((e) => ROSTER.has(e.message.type))) {
    events = [...events, ...stateEvents(d.state, b)];
  }
  return events === d.events && effects === d.effects ? d : { ...d, events, effects };
}

const ROSTER = new Set(['participant_joined', 'participant_left', 'snapshot']);

function splitChat(
  state: RoomState,
  b: Breakout,
  events: readonly Outgoing[],
): { events: Outgoing[]; inBreakout: Set<string> } {
  const inBreakout = new Set<string>();
  const out: Outgoing[] = [];
  for (const e of events) {
    if (e.message.type !== 'chat_message' || e.to.to !== 'everyone') {
      out.push(e);
      continue;
    }
    const sender = state.participants.get(e.message.message.from);
    const group = sender ? roomOf(b, identityKey(sender.identity)) : null;
    if (group !== null) inBreakout.add(e.message.message.id);
    for (const id of resolveAudience(state, e.to)) {
      const p = state.participants.get(id);
      if (p && roomOf(b, identityKey(p.identity)) === group) {
        out.push({ to: { to: 'participant', id }, message: e.message });
      }
    }
  }
  return { events: out, inBreakout };
}

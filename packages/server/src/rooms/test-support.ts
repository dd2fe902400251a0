/**
 * Test support: drives the room machine the way the socket gateway will, and reads back what
 * each participant would receive. Used by the room tests only.
 */
import type { ClientMessageInput, RoomRequest, ServerEvent } from '@podium/protocol';
import { parseClientMessage } from '@podium/protocol';
import { decide } from './room-machine.ts';
import type { TicketRole } from './roles.ts';
import { createRoom, type CreateRoomOptions, type Participant, type RoomState } from './state.ts';
import type { Decision, RoomCommand } from './types.ts';
import { resolveAudience } from './views.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type RequestInput = DistributiveOmit<ClientMessageInput, 'id' | 'v'>;

export interface JoinOptions {
  ticket?: TicketRole;
  guest?: boolean;
  /** The identity, when it differs from the participant id (a second connection). */
  as?: string;
  hasMic?: boolean;
  hasCamera?: boolean;
}

export class Sim {
  state: RoomState;
  now = 1_000_000;
  last!: Decision;
  #request = 0;

  constructor(options: Partial<CreateRoomOptions> = {}) {
    this.state = createRoom({ roomId: 'room-1', mode: 'meeting', ...options });
  }

  run(command: RoomCommand): Decision {
    const decision = decide(this.state, command, this.now);
    this.state = decision.state;
    this.last = decision;
    return decision;
  }

  join(id: string, options: JoinOptions = {}): Decision {
    const who = options.as ?? id;
    return this.run({
      type: 'join',
      participantId: id,
      sessionId: `s-${id}`,
      identity: options.guest
        ? { kind: 'guest', guestId: who }
        : { kind: 'account', accountId: who },
      name: `Name ${who}`,
      ticketRole: options.ticket ?? (options.guest ? 'guest' : 'participant'),
      hasMic: options.hasMic ?? true,
      hasCamera: options.hasCamera ?? true,
    });
  }

  /** Sends a request through the protocol's own validation, as the gateway does. */
  req(by: string, request: RequestInput): Decision {
    this.#request += 1;
    const parsed = parseClientMessage({ ...request, id: `r${this.#request}` });
    if (!parsed.ok) throw new Error(`invalid test request: ${parsed.error.message}`);
    return this.run({ type: 'request', by, request: parsed.message as RoomRequest });
  }

  p(id: string): Participant {
    const p = this.state.participants.get(id);
    if (!p) throw new Error(`${id} is not present`);
    return p;
  }

  has(id: string): boolean {
    return this.state.participants.has(id);
  }

  /** The events `id` receives from a decision (default: the last one). */
  received(id: string, decision: Decision = this.last): ServerEvent[] {
    return decision.events
      .filter((e) => resolveAudience(decision.state, e.to).includes(id))
      .map((e) => e.message);
  }

  receivedTypes(id: string, decision: Decision = this.last): string[] {
    return this.received(id, decision).map((m) => m.type);
  }

  advance(ms: number): void {
    this.now += ms;
  }
}

export function errorKey(decision: Decision): string | null {
  return decision.result.ok ? null : decision.result.error.key;
}

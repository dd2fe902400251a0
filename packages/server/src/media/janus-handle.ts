// One plugin handle on Janus's wire and the link it talks through: shared by the client
// (janus-client.ts, which creates handles) and the plugin wrappers (janus-videoroom.ts, which
// give their events meaning), so neither imports the other's module.
import type { Logger } from 'pino';
import { MediaError } from './janus-errors.ts';
import { TypedEvents } from '../shared/typed-events.ts';
import type { Expect, WireCandidateOut, WireJsep, WireMessage, WireRequest } from './janus-wire.ts';

export type SessionCloseReason = 'destroyed' | 'timeout' | 'disconnected';

/** @internal What sessions and handles use to talk through their client. */
export interface JanusLink {
  request(message: WireRequest, expect: Expect): Promise<WireMessage>;
  readonly roomAdminKey: string | undefined;
  readonly logger: Logger;
  registerHandle(handle: HandleCore): void;
  unregisterHandle(id: number): void;
  unregisterSession(id: number): void;
}

export type HandleGoneReason = 'detached' | SessionCloseReason;

/** @internal Janus-level events of one handle, before a plugin wrapper gives them meaning. */
export interface HandleWireEvents {
  plugin: { data: Record<string, unknown>; jsep: WireJsep | undefined };
  webrtcup: Record<string, never>;
  media: { kind: string; mid: string | undefined; receiving: boolean };
  slowlink: { mid: string | undefined; uplink: boolean; lost: number };
  hangup: { reason: string };
  trickle: { candidate: WireCandidateOut };
  gone: { reason: HandleGoneReason };
}

/** @internal One plugin handle on the wire. */
export class HandleCore {
  readonly id: number;
  readonly sessionId: number;
  readonly events: TypedEvents<HandleWireEvents>;
  readonly logger: Logger;
  #link: JanusLink;
  #gone: HandleGoneReason | undefined;

  constructor(link: JanusLink, sessionId: number, id: number, logger: Logger) {
    this.#link = link;
    this.sessionId = sessionId;
    this.id = id;
    this.logger = logger;
    this.events = new TypedEvents(logger);
  }

  get gone(): boolean {
    return this.#gone !== undefined;
  }

  get roomAdminKey(): string | undefined {
    return this.#link.roomAdminKey;
  }

  #ensureAlive(): void {
    if (this.#gone) {
      throw new MediaError(
        this.#gone === 'disconnected' ? 'closed' : 'gone',
        `media handle is gone (${this.#gone})`,
      );
    }
  }

  /** A plugin request; resolves with the plugin's answer (synchronous or event). */
  async message(
    body: Record<string, unknown>,
    jsep?: WireJsep,
  ): Promise<{ data: Record<string, unknown>; jsep: WireJsep | undefined }> {
    this.#ensureAlive();
    const reply = await this.#link.request(
      {
        janus: 'message',
        session_id: this.sessionId,
        handle_id: this.id,
        body,
        ...(jsep ? { jsep } : {}),
      },
      'plugin',
    );
    return { data: reply.plugindata?.data ?? {}, jsep: reply.jsep };
  }

  async trickle(candidates: WireCandidateOut[]): Promise<void> {
    this.#ensureAlive();
    const [only] = candidates;
    await this.#link.request(
      {
        janus: 'trickle',
        session_id: this.sessionId,
        handle_id: this.id,
        ...(candidates.length === 1 && only ? { candidate: only } : { candidates }),
      },
      'ack',
    );
  }

  async hangup(): Promise<void> {
    this.#ensureAlive();
    await this.#link.request(
      { janus: 'hangup', session_id: this.sessionId, handle_id: this.id },
      'success',
    );
  }

  /** Detaches from Janus; idempotent, and quiet when Janus already dropped the handle. */
  async detach(): Promise<void> {
    if (this.#gone) return;
    this.markGone('detached');
    try {
      await this.#link.request(
        { janus: 'detach', session_id: this.sessionId, handle_id: this.id },
        'success',
      );
    } catch (error) {
      if (!(error instanceof MediaError && ['gone', 'closed'].includes(error.kind))) throw error;
    }
  }

  markGone(reason: HandleGoneReason): void {
    if (this.#gone) return;
    this.#gone = reason;
    this.#link.unregisterHandle(this.id);
    this.events.emit('gone', { reason });
    this.events.removeAll();
  }

  /** Routes one unsolicited message addressed to this handle. */
  dispatch(message: WireMessage): void {
    switch (message.janus) {
      case 'event':
        if (message.plugindata) {
          this.events.emit('plugin', { data: message.plugindata.data, jsep: message.jsep });
        }
        return;
      case 'webrtcup':
        this.events.emit('webrtcup', {});
        return;
      case 'media':
        this.events.emit('media', {
          kind: message.type ?? 'unknown',
          mid: message.mid,
          receiving: message.receiving ?? false,
        });
        return;
      case 'slowlink':
        this.events.emit('slowlink', {
          mid: message.mid,
          uplink: message.uplink ?? false,
          lost: message.lost ?? message.nacks ?? 0,
        });
        return;
      case 'hangup':
        this.events.emit('hangup', { reason: message.reason ?? 'unknown' });
        return;
      case 'trickle':
        if (message.candidate) this.events.emit('trickle', { candidate: message.candidate });
        return;
      case 'detached':
        this.markGone('detached');
        return;
      default:
        this.logger.debug({ janus: message.janus }, 'unhandled Janus handle event');
    }
  }
}

import type { EgressOutput, EgressOutputStatus } from '../../realtime/room-egress.ts';

// The messages between the Podium server and its egress process (Node IPC today; a socket when
// the egress runs on another machine). Requests carry an id and get exactly one `reply`.

export interface OpenSession {
  /** Random, unguessable: it is also the path of the session's ingest socket. */
  session: string;
  roomId: string;
  width: number;
  height: number;
  /** The recorder page to open in Chromium; absent: the stream comes from elsewhere (tests). */
  pageUrl?: string;
}

// `at`: the wall-clock ms the request was made (the host's click reached the server); a file
// output is cut at that moment of the media, however late the request reaches the egress.
export type EgressRequest =
  | ({ t: 'open' } & OpenSession)
  | { t: 'add'; session: string; output: EgressOutput; at?: number }
  | { t: 'remove'; session: string; outputId: string; at?: number }
  | { t: 'pause'; session: string; outputId: string; at?: number }
  | { t: 'resume'; session: string; outputId: string; at?: number }
  | { t: 'close'; session: string };

export type ParentMessage = EgressRequest & { id: number };

export type ChildMessage =
  /** The process is up; its ingest socket listens on `ingestPort`. */
  | { t: 'ready'; ingestPort: number }
  | { t: 'reply'; id: number; ok: true; data?: unknown }
  | { t: 'reply'; id: number; ok: false; error: string }
  | { t: 'output'; session: string; status: EgressOutputStatus }
  | { t: 'ended'; session: string; reason: 'closed' | 'egress_crashed' }
  /** The recorder browser's pid, so the server can end it if this process dies. */
  | { t: 'browser'; session: string; pid: number | null }
  | { t: 'log'; level: 'info' | 'warn' | 'error'; msg: string; data?: Record<string, unknown> };

// Janus's JSON API on the wire (see janus-doc: rest.html). Internal to src/media: everything
// outside this folder sees the domain types of janus-client.ts and janus-videoroom.ts.
import { z } from 'zod';

export const wireJsep = z.object({
  type: z.enum(['offer', 'answer']),
  sdp: z.string(),
  e2ee: z.boolean().optional(),
});
export type WireJsep = z.infer<typeof wireJsep>;

const wireCandidate = z.union([
  z.object({ completed: z.literal(true) }),
  z.object({
    candidate: z.string(),
    sdpMid: z.string().nullish(),
    sdpMLineIndex: z.number().int().nullish(),
  }),
]);

/** Every message Janus sends; fields beyond these are ignored. */
export const wireMessage = z.looseObject({
  janus: z.string(),
  transaction: z.string().optional(),
  session_id: z.number().optional(),
  sender: z.number().optional(),
  data: z.looseObject({ id: z.number().optional() }).optional(),
  plugindata: z.object({ plugin: z.string(), data: z.record(z.string(), z.unknown()) }).optional(),
  jsep: wireJsep.optional(),
  error: z.object({ code: z.number(), reason: z.string() }).optional(),
  candidate: wireCandidate.optional(),
  // webrtcup / media / slowlink / hangup / detached
  type: z.string().optional(),
  media: z.string().optional(),
  mid: z.string().optional(),
  receiving: z.boolean().optional(),
  uplink: z.boolean().optional(),
  lost: z.number().optional(),
  nacks: z.number().optional(),
  reason: z.string().optional(),
  // server_info
  name: z.string().optional(),
  version_string: z.string().optional(),
  plugins: z.record(z.string(), z.unknown()).optional(),
  transports: z.record(z.string(), z.unknown()).optional(),
});
export type WireMessage = z.infer<typeof wireMessage>;

/** A request before the client adds `transaction` and `apisecret`. */
export type WireRequest =
  | { janus: 'info' | 'create' }
  | { janus: 'attach'; session_id: number; plugin: string; opaque_id?: string }
  | { janus: 'keepalive' | 'destroy'; session_id: number }
  | {
      janus: 'message';
      session_id: number;
      handle_id: number;
      body: Record<string, unknown>;
      jsep?: WireJsep;
    }
  | {
      janus: 'trickle';
      session_id: number;
      handle_id: number;
      candidate?: WireCandidateOut;
      candidates?: WireCandidateOut[];
    }
  | { janus: 'hangup' | 'detach'; session_id: number; handle_id: number };

export type WireCandidateOut =
  | { completed: true }
  | { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null };

/**
 * What settles a request: `success` (core requests), `ack` (keepalive, trickle, hangup) or
 * `plugin` (a plugin message: a synchronous `success` or, after an `ack`, the `event` that
 * carries the same transaction).
 */
export type Expect = 'success' | 'ack' | 'plugin';

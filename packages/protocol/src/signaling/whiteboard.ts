import { z } from 'zod';
import { SIGNALING_MAX_NAME, event, participantId, request } from './common.ts';

/**
 * The whiteboard of a live room (issue 14 item 1; spec §1 "drawing, whiteboard/study tools").
 * A presenter, co-host or host opens it for everyone (`whiteboard_open`): it is shown on the stage
 * as a featured tile, so the recorder and the live stream show it too. Those allowed edit it
 * (presenters, co-hosts and the host; the host or a co-host may allow everyone,
 * `whiteboard_editors`); the others watch.
 *
 * Sync follows Excalidraw's collaboration model: every element carries `version` (bumped on every
 * change) and `versionNonce` (random, re-drawn on every change). Clients send the elements they
 * changed (`whiteboard_update`); the server keeps the room's board by the reconcile rule
 * (`../whiteboard/reconcile.ts`: the higher version wins, an equal version goes to the lower
 * nonce) and forwards what it accepted to the others (`whiteboard_scene`). A joiner, and someone
 * coming back after a dropped connection, gets the whole board after `welcome`. Deleted elements
 * stay on the board as tombstones (`isDeleted: true`) so a late, older copy cannot bring them
 * back.
 *
 * Images are left out: Excalidraw keeps image bytes beside the elements ("files"), which this
 * protocol does not carry; `image` elements are refused, and so are `embeddable`/`iframe`
 * elements (SECURITY: they would make every viewer's browser load a page the author chose).
 */

/** Elements on one board, tombstones included. */
export const WHITEBOARD_MAX_ELEMENTS = 3000;
/** One element as JSON, in characters (a long freehand stroke has a few thousand points). */
export const WHITEBOARD_MAX_ELEMENT_CHARS = 48 * 1024;
/** The whole board as JSON, in characters (what a joiner receives in one frame). */
export const WHITEBOARD_MAX_BOARD_CHARS = 4 * 1024 * 1024;
/** Elements in one `whiteboard_update` (the frame itself is capped at 64 KiB). */
export const WHITEBOARD_MAX_UPDATE_ELEMENTS = 500;
/** Updates a person may send per second, sustained, and in a burst (a stroke sends ~10/s). */
export const WHITEBOARD_UPDATES_PER_SECOND = 20;
export const WHITEBOARD_UPDATES_BURST = 60;

/** Who may edit, besides watching: presenters (and the room's moderators), or everyone. */
export const WHITEBOARD_EDITORS = ['presenters', 'everyone'] as const;
export type WhiteboardEditors = (typeof WHITEBOARD_EDITORS)[number];

/**
 * The roles (signaling's `Role`; named here as strings so this file needs nothing of
 * signaling.ts) that edit by default; `everyone` adds the rest.
 */
export const WHITEBOARD_EDIT_ROLES: readonly string[] = ['host', 'co-host', 'presenter', 'speaker'];
/** The roles that open and close the board for everyone. */
export const WHITEBOARD_OPEN_ROLES: readonly string[] = ['host', 'co-host', 'presenter', 'speaker'];

/** May someone with `role` edit a board whose editors are `editors`? (The server checks the same.) */
export function canEditWhiteboard(role: string, editors: WhiteboardEditors): boolean {
  return editors === 'everyone' || WHITEBOARD_EDIT_ROLES.includes(role);
}

/** Excalidraw element types a board carries (no image, embeddable or iframe: see above). */
export const WHITEBOARD_ELEMENT_TYPES = [
  'rectangle',
  'diamond',
  'ellipse',
  'arrow',
  'line',
  'freedraw',
  'text',
  'frame',
] as const;

const MAX_COORD = 1e7;
const coord = z.number().min(-MAX_COORD).max(MAX_COORD);
/** SECURITY: links open on a click in every viewer's browser: web addresses only (no javascript:). */
const link = z
  .string()
  .max(2048)
  .regex(/^https?:\/\/[^\s]+$/i);

const elementShape = z.looseObject({
  id: z.string().min(1).max(64),
  type: z.enum(WHITEBOARD_ELEMENT_TYPES),
  version: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  versionNonce: z
    .number()
    .int()
    .min(-(2 ** 53))
    .max(2 ** 53),
  isDeleted: z.boolean(),
  /** Excalidraw's fractional index (z-order); null or absent on older scenes. */
  index: z.string().max(200).nullable().optional(),
  x: coord,
  y: coord,
  width: coord,
  height: coord,
  link: link.nullable().optional(),
  points: z
    .array(z.tuple([coord, coord]))
    .max(20_000)
    .optional(),
  text: z.string().max(20_000).optional(),
});

/** Keys that must not reach an object literal's prototype slot when zod copies an element. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_KEYS = 64;

function isSafeRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  // SECURITY: zod copies an element's own keys into a new object; a JSON "__proto__" key would
  // become that object's prototype. Refused before the copy, with a bound on the key count.
  if (keys.length > MAX_KEYS || keys.some((k) => UNSAFE_KEYS.has(k))) return false;
  return JSON.stringify(value).length <= WHITEBOARD_MAX_ELEMENT_CHARS;
}

/**
 * One Excalidraw element as the board keeps it: the fields the sync and the server rely on are
 * checked; the others (colours, stroke style, font, bindings, …) pass through as JSON, within
 * the element's size and key bounds.
 */
export const whiteboardElement = z
  .custom<Record<string, unknown>>(isSafeRecord, {
    message: 'An element must be an object within the size bounds',
  })
  .pipe(elementShape);
export type WhiteboardElement = z.output<typeof elementShape>;

export const whiteboardView = z.object({
  open: z.boolean(),
  editors: z.enum(WHITEBOARD_EDITORS),
  /** Who opened it (participant id and name at the time); null when closed. */
  opened_by: participantId.nullable(),
  opened_by_name: z.string().max(SIGNALING_MAX_NAME).nullable(),
});
export type WhiteboardView = z.infer<typeof whiteboardView>;

export const CLOSED_WHITEBOARD: WhiteboardView = {
  open: false,
  editors: 'presenters',
  opened_by: null,
  opened_by_name: null,
};

export const whiteboardRequests = {
  /** Presenters, co-hosts, the host: show the board on everyone's stage. */
  whiteboard_open: request('whiteboard_open', {}),
  /** Presenters, co-hosts, the host: take it off the stage (its elements are kept). */
  whiteboard_close: request('whiteboard_close', {}),
  /** The host and co-hosts: who may edit. */
  whiteboard_editors: request('whiteboard_editors', { editors: z.enum(WHITEBOARD_EDITORS) }),
  /** Elements the sender changed (new versions, tombstones for deleted ones). */
  whiteboard_update: request('whiteboard_update', {
    elements: z.array(whiteboardElement).min(1).max(WHITEBOARD_MAX_UPDATE_ELEMENTS),
  }),
} as const;

export const whiteboardEvents = {
  /** Whether the board is open and who edits: on every change, and after every `welcome`. */
  whiteboard_state: event('whiteboard_state', { whiteboard: whiteboardView }),
  /**
   * Elements of the board. `full`: the whole board (after `welcome`): replace what you have.
   * Otherwise the elements the server just accepted from `by`: reconcile them into yours.
   */
  whiteboard_scene: event('whiteboard_scene', {
    elements: z.array(whiteboardElement).max(WHITEBOARD_MAX_ELEMENTS),
    full: z.boolean(),
    by: participantId.nullable(),
  }),
} as const;

const stateReply = z.object({ whiteboard: whiteboardView });

export const whiteboardReplies = {
  whiteboard_open: stateReply,
  whiteboard_close: stateReply,
  whiteboard_editors: stateReply,
  /** How many of the sent elements changed the board (older copies are ignored, not refused). */
  whiteboard_update: z.object({ accepted: z.number().int().nonnegative() }),
} as const;

/** The error texts of the whiteboard requests (spread into `signalingMessages`). */
export const whiteboardMessages = {
  en: {
    'whiteboard.closed': 'The whiteboard is not open',
    'whiteboard.endtoend': 'The whiteboard is not available in end-to-end encrypted events',
    'whiteboard.full': 'The whiteboard is full, please delete something first',
  },
  vi: {
    'whiteboard.closed': 'Bảng trắng chưa được mở',
    'whiteboard.endtoend': 'Bảng trắng không khả dụng trong sự kiện được mã hóa đầu cuối',
    'whiteboard.full': 'Bảng trắng đã đầy, vui lòng xóa bớt trước',
  },
} as const;

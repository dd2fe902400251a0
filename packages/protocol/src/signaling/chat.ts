import { z } from 'zod';
import {
  SIGNALING_MAX_NAME,
  SIGNALING_MAX_TEXT,
  event,
  participantId,
  request,
  signalingId,
} from './common.ts';

/** In-call chat: messages, the history a joiner gets, the passcode-protected export. */

export const SIGNALING_MAX_FILE_NAME = 255;
export const SIGNALING_MAX_CHAT_PASSCODE = 64;
/** Most chat messages a `chat_history` carries (the newest ones). */
export const SIGNALING_MAX_HISTORY = 500;

export const chatFile = z.object({
  id: signalingId,
  name: z.string().min(1).max(SIGNALING_MAX_FILE_NAME),
  size: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  mime: z.string().min(1).max(127),
});
export type ChatFile = z.infer<typeof chatFile>;

export const chatMessageView = z.object({
  id: signalingId,
  from: participantId,
  from_name: z.string().max(SIGNALING_MAX_NAME),
  to: z.union([z.literal('everyone'), participantId]),
  text: z.string().max(SIGNALING_MAX_TEXT),
  file: chatFile.nullable(),
  at: z.number(),
});
export type ChatMessageView = z.infer<typeof chatMessageView>;

export const chatRequests = {
  chat: request('chat', {
    to: z.union([z.literal('everyone'), participantId]),
    text: z.string().max(SIGNALING_MAX_TEXT),
    file: chatFile.optional(),
  }).refine((m) => m.text.trim().length > 0 || m.file !== undefined, {
    message: 'A chat message needs text or a file',
  }),
  /**
   * Hosts and co-hosts: a new chat-history passcode, shown once in the reply. The earlier
   * history is cleared for everyone (`chat_cleared`).
   */
  chat_passcode_reset: request('chat_passcode_reset', {}),
  /** Hosts and co-hosts: the history as this participant sees it; needs the passcode once set. */
  chat_export: request('chat_export', {
    passcode: z.string().max(SIGNALING_MAX_CHAT_PASSCODE).optional(),
  }),
} as const;

export const chatEvents = {
  chat_message: event('chat_message', { message: chatMessageView }),
  /**
   * Follows every `welcome` (join, admission, resume): the event's chat as this participant may
   * see it (everything public, and private messages they sent or received), oldest first. The
   * client replaces its chat with it.
   */
  chat_history: event('chat_history', {
    messages: z.array(chatMessageView).max(SIGNALING_MAX_HISTORY),
  }),
  /** A host reset the chat-history passcode: earlier messages are gone. */
  chat_cleared: event('chat_cleared', { by: participantId }),
} as const;

export const chatReplies = {
  chat: z.object({ message_id: signalingId }),
  /** Shown once (`XXXX-XXXX`). */
  chat_passcode_reset: z.object({ passcode: z.string().min(1).max(SIGNALING_MAX_CHAT_PASSCODE) }),
  chat_export: z.object({ messages: z.array(chatMessageView) }),
} as const;

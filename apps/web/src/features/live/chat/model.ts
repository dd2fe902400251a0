import {
  AUDIENCE_CHAT_HISTORY,
  apiPaths,
  audienceChatMessage,
  liveChatHistory,
  liveMessages,
  pathTo,
  type AudienceChatMessage,
  type LiveChatPostRequest,
  type LiveChatPostResponse,
  type LiveMessageKey,
} from '@podium/protocol';
import { ApiError } from '../../../shared/api/errors.ts';

/** What the chat needs of the server: posting a line (signed in). */
export interface LiveChatApi {
  postChat(input: LiveChatPostRequest): Promise<LiveChatPostResponse>;
}

/** The part of EventSource the chat uses (a fake in tests). */
export interface ChatEventSource {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up (a refused pass); the model opens a new stream. */
const CLOSED = 2;
/** Before opening the stream again after the browser gave up on it. */
export const CHAT_RETRY_MS = 3000;
/** Lines the page keeps (the history plus what arrives while it is open). */
const KEEP = AUDIENCE_CHAT_HISTORY * 2;

export type ChatErrorKey = LiveMessageKey | 'errors.generic';

export interface AudienceChatState {
  /** Oldest first. */
  messages: readonly AudienceChatMessage[];
  /** 'open' once the history arrived; 'reconnecting' while the stream is down. */
  connection: 'idle' | 'connecting' | 'open' | 'reconnecting';
  /** Signed-in viewers write; guests read and are asked to sign in. */
  canWrite: boolean;
  sending: boolean;
  /** Why the last line was not sent (cleared by the next attempt). */
  error: ChatErrorKey | null;
}

export interface AudienceChatDeps {
  alias: string;
  api: LiveChatApi;
  /** The page's playback token now (renewed by the pass), or null before it has one. */
  token: () => string | null;
  openStream: (url: string) => ChatEventSource;
  signedIn: boolean;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
}

/**
 * The watch page's audience chat, framework-free (the view binds it with useSyncExternalStore):
 * one event stream per page (history first, then each new line), lines posted by signed-in
 * viewers, a line never shown twice (the post's answer and the stream both bring it), and a new
 * stream with the current pass when the browser gave up on the old one (an expired pass).
 */
export class AudienceChatModel {
  readonly #deps: AudienceChatDeps;
  #state: AudienceChatState;
  readonly #listeners = new Set<() => void>();
  #stream: ChatEventSource | null = null;
  #retry: unknown = null;
  #closed = false;

  constructor(deps: AudienceChatDeps) {
    this.#deps = deps;
    this.#state = {
      messages: [],
      connection: 'idle',
      canWrite: deps.signedIn,
      sending: false,
      error: null,
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): AudienceChatState => this.#state;

  #set(changes: Partial<AudienceChatState>): void {
    this.#state = { ...this.#state, ...changes };
    for (const listener of this.#listeners) listener();
  }

  /** Opens the stream once the page has a playback pass (call again when it gets one). */
  start(): void {
    if (this.#closed || this.#stream || this.#retry !== null) return;
    const token = this.#deps.token();
    if (!token) return;
    const url = `${pathTo(apiPaths.live.chatEvents, { alias: this.#deps.alias })}?token=${encodeURIComponent(token)}`;
    const stream = this.#deps.openStream(url);
    this.#stream = stream;
    if (this.#state.connection === 'idle') this.#set({ connection: 'connecting' });
    stream.addEventListener('history', (event) => {
      const parsed = liveChatHistory.safeParse(safeJson(event.data));
      if (!parsed.success) return;
      this.#set({ messages: parsed.data.messages.slice(-KEEP), connection: 'open' });
    });
    stream.addEventListener('message', (event) => {
      const parsed = audienceChatMessage.safeParse(safeJson(event.data));
      if (parsed.success) this.#add(parsed.data);
    });
    stream.onerror = () => {
      if (this.#stream !== stream) return;
      this.#set({ connection: 'reconnecting' });
      // The browser retries by itself unless it gave up (a refused pass): then a new stream.
      if (stream.readyState !== CLOSED) return;
      stream.close();
      this.#stream = null;
      const wait = this.#deps.setTimeout ?? ((run, ms) => setTimeout(run, ms));
      this.#retry = wait(() => {
        this.#retry = null;
        this.start();
      }, CHAT_RETRY_MS);
    };
  }

  #add(message: AudienceChatMessage): void {
    if (this.#state.messages.some((m) => m.id === message.id)) return;
    this.#set({ messages: [...this.#state.messages, message].slice(-KEEP) });
  }

  setSignedIn(signedIn: boolean): void {
    if (signedIn !== this.#state.canWrite) this.#set({ canWrite: signedIn, error: null });
  }

  /** Posts a line; true when it was written (the text box is then cleared). */
  async send(text: string): Promise<boolean> {
    const body = text.trim();
    const token = this.#deps.token();
    if (!body || !token || !this.#state.canWrite || this.#state.sending) return false;
    this.#set({ sending: true, error: null });
    try {
      const { message } = await this.#deps.api.postChat({ token, text: body });
      this.#add(message);
      this.#set({ sending: false });
      return true;
    } catch (error) {
      this.#set({ sending: false, error: errorKeyOf(error) });
      return false;
    }
  }

  close(): void {
    this.#closed = true;
    this.#stream?.close();
    this.#stream = null;
    if (this.#retry !== null) (this.#deps.clearTimeout ?? clearTimeout)(this.#retry as never);
    this.#retry = null;
  }
}

function safeJson(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

function errorKeyOf(error: unknown): ChatErrorKey {
  if (error instanceof ApiError && error.key && error.key in liveMessages) {
    return error.key as LiveMessageKey;
  }
  if (error instanceof ApiError && error.status === 429) return 'live.chat_too_fast';
  if (error instanceof ApiError && error.status === 401) return 'live.chat_sign_in';
  return 'errors.generic';
}

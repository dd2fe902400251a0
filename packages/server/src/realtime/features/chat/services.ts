import type { ChatMessageView } from '@podium/protocol';
import type { StoredChat } from '../../../services/chat/index.ts';

/** What the chat feature needs of the services (handed over as `FeatureDeps`). */

/** What the chat feature needs of the chat service. */
export interface ChatHistory {
  recent(roomId: string, limit: number): Promise<StoredChat[]>;
  append(roomId: string, chat: StoredChat): Promise<void>;
  historyFor(roomId: string, identity: string, limit: number): Promise<ChatMessageView[]>;
  resetPasscode(roomId: string): Promise<string>;
  passcodeAccepts(roomId: string, given: string | undefined): Promise<boolean>;
}

/** A stored upload as the chat needs it (services/storage). */
export interface StoredAttachment {
  id: string;
  name: string;
  size: number;
  mime: string;
  /** 'a:<account id>' or 'g:<guest id>': the identity key of who uploaded it. */
  uploader: string;
  /** The live room it was uploaded for (null: none named). */
  aliasId: string | null;
}

/** Looks uploads up by id (StorageService.attachment). */
export interface AttachmentLookup {
  attachment(id: string): Promise<StoredAttachment | null>;
}

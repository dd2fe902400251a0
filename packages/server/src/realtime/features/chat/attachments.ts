import type { ChatFile } from '@podium/protocol';

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

/**
 * SECURITY: a chat message used to carry whatever `file` the client wrote (any id, name and
 * type), so a message could point at someone else's file or dress an upload up as another
 * name and type. The room attaches only a file this sender uploaded to this room, as stored.
 */
export function attachable(
  stored: StoredAttachment | null,
  roomId: string,
  senderIdentity: string,
): ChatFile | null {
  if (!stored || stored.aliasId !== roomId || stored.uploader !== senderIdentity) return null;
  return { id: stored.id, name: stored.name, size: stored.size, mime: stored.mime };
}

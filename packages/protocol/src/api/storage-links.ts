import { z } from 'zod';

/**
 * `POST /api/storage/file-link {id}` (issue 10 item 7): a short-lived signed download link of a
 * file shared in the live room's chat, for someone who may see a message carrying it (a message
 * to everyone, or a private one they sent or received) or who uploaded it. Authenticated with the
 * live room's credentials (`X-Podium-Room-Credentials`), or the uploader's access token. The
 * bare `/api/storage/file/:id` opens nothing but public files (avatars).
 */
export const fileLinkRequest = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
export type FileLinkRequest = z.infer<typeof fileLinkRequest>;

export const fileLinkResponse = z.object({
  /** Same-origin path with `exp` and `sig`; a plain `<a href download>` works. */
  url: z.string().min(1),
  /** ISO instant the link stops working. */
  expires_at: z.string(),
});
export type FileLinkResponse = z.infer<typeof fileLinkResponse>;

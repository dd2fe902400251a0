import { z } from 'zod';

/** The avatar's input is the multipart body itself, streamed by the storage service. */
export const avatarUploadInput = z.object({});
/** Listing sessions and signing the others out take nothing. */
export const emptyInput = z.object({});

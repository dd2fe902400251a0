import { z } from 'zod';

/**
 * The upload's input is the multipart body itself, read as a stream by the storage service
 * (fields `file` and `room`); nothing is parsed ahead of it.
 */
export const uploadInput = z.object({});

/** Room fields and part headers are small; more than a handful of parts is not an upload. */
export function multipartLimits(maxFileBytes: number) {
  return {
    // One byte past the largest limit, so a file over it is seen as over, then cut off.
    fileSize: maxFileBytes + 1,
    files: 1,
    fields: 8,
    fieldNameSize: 100,
    fieldSize: 4096,
    parts: 10,
    headerPairs: 20,
  };
}

/** Multipart framing and the small fields around one file never take more than this. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

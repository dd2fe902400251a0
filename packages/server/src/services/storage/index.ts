export { StorageService, FILE_FIELD, ROOM_FIELD } from './service.ts';
export type {
  DownloadProof,
  StorageServiceOptions,
  StoredFile,
  Uploader,
  UploadPart,
  UploadRestriction,
} from './service.ts';
export { attachmentDisposition } from './classify.ts';
export { FILE_LINK_TTL_SECONDS, fileLinkValid, signFileLink } from './links.ts';

export { StorageService, FILE_FIELD, ROOM_FIELD } from './service.ts';
export type {
  StorageServiceOptions,
  StoredFile,
  Uploader,
  UploadPart,
  UploadRestriction,
} from './service.ts';
export { attachmentDisposition } from './classify.ts';

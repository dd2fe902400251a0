export { StorageService } from './service.ts';
export type {
  DownloadProof,
  StorageServiceOptions,
  StoredFile,
  Uploader,
  UploadPart,
  UploadRestriction,
} from './service.ts';
export { attachmentDisposition } from './classify.ts';

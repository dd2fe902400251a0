export { fileLinkRequest as fileLinkInput } from '@podium/protocol';

import { aliasQuery } from '@podium/protocol';

export { participantAddRequest, participantRemoveRequest } from '@podium/protocol';
/** list?alias and url?alias: the alias id or name. */
export const participantAliasQuery = aliasQuery;

import { z } from 'zod';
import { aliasQuery } from '@podium/protocol';

export { agentAddRequest, participantAddRequest, participantRemoveRequest } from '@podium/protocol';
/**
 * add: checked in the handler against the schema of the alias's type (invited people for a
 * conference, agents for a QR-code alias), so each answers with its own field messages.
 */
export const participantAddInput = z.looseObject({});
/** list?alias and url?alias: the alias id or name. */
export const participantAliasQuery = aliasQuery;

import type { z } from 'zod';
import { aliasQuery } from '@podium/protocol';

/** The owner's event endpoints validate with the shared protocol schemas. */
export {
  createAliasRequest,
  updateAliasRequest,
  deleteAliasRequest,
  listAliasesRequest,
} from '@podium/protocol';

/** host/url?alias: the alias id or name. */
export const hostUrlQuery = aliasQuery;
export type HostUrlQuery = z.output<typeof hostUrlQuery>;

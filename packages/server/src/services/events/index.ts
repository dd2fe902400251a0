export { EventsService, type Caller, type EventsServiceOptions } from './service.ts';
export { verifyJoinTicket, type JoinTicket } from './tickets.ts';
export { randomAliasName } from './alias-name.ts';

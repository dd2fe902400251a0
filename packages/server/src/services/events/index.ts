export {
  EventsService,
  type Admission,
  type Caller,
  type EventsServiceOptions,
} from './service.ts';
export type { JoinTicket } from './tickets.ts';

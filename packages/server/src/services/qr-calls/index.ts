export {
  QrCallsService,
  type MissedCallNotifier,
  type QrCallsServiceOptions,
  type RingChannel,
  type Visitor,
} from './service.ts';

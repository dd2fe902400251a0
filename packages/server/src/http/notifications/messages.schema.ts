export {
  countNotificationsRequest,
  deleteNotificationsRequest,
  listNotificationsRequest,
  updateReadStatusRequest,
} from '@podium/protocol';

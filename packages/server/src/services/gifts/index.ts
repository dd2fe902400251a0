export { GiftsService, type GiftRoom, type GiftRooms, type GiftNotifier } from './service.ts';

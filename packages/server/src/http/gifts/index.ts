export { giftRoutes } from './gifts.handler.ts';

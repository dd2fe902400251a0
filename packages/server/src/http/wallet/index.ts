export { walletRoutes } from './wallet.handler.ts';

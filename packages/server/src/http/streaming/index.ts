export { streamServerRoutes } from './servers.handler.ts';

export { drawingRoutes } from './drawing.handler.ts';

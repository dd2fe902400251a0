export { drawingGetRequest, drawingSaveRequest } from '@podium/protocol';

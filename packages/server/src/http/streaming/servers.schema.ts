export {
  streamServerCreateRequest,
  streamServerDeleteRequest,
  streamServerListRequest,
  streamServerUpdateRequest,
} from '@podium/protocol';

/** POST /1-1/send: one schema, discriminated by `type` (see packages/protocol api/qr-calls.ts). */
export { qrCallSendRequest } from '@podium/protocol';

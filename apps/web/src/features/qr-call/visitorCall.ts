import type {
  AliasShortDetail,
  QrCallJoin,
  QrCallState,
  QrCallVisitorView,
} from '@podium/protocol';
import { assertNever } from '../../shared/assertNever.ts';

/**
 * What the visitor's page shows, as a pure reducer: the QR code's check, the call button, the
 * ringing, and how a call ended. The hook (useVisitorCall) carries out the requests.
 */

/** Why the last call ended without an answer, as the page says it. */
export type VisitorNotice = 'busy' | 'cancelled' | 'expired';

export interface QrTarget {
  title: string;
  ownerName: string;
}

export type VisitorState =
  | { kind: 'loading' }
  | { kind: 'load_failed' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'ready'; target: QrTarget; notice: VisitorNotice | null; placing: boolean }
  | { kind: 'ringing'; target: QrTarget; callId: string; token: string; cancelling: boolean }
  | { kind: 'answered'; target: QrTarget; join: QrCallJoin };

export type VisitorAction =
  | { type: 'detail'; detail: AliasShortDetail }
  | { type: 'detail_failed'; status: number }
  | { type: 'placing' }
  | { type: 'place_failed'; status: number; key: string | undefined }
  | { type: 'view'; view: QrCallVisitorView; token?: string }
  | { type: 'cancelling' };

export const initialVisitorState: VisitorState = { kind: 'loading' };

function noticeOf(state: QrCallState): VisitorNotice | null {
  switch (state) {
    case 'ringing':
    case 'answered':
      return null;
    case 'busy':
    case 'timeout':
      return 'busy';
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    default:
      return assertNever(state, 'call state');
  }
}

function targetOf(state: VisitorState): QrTarget | null {
  return 'target' in state ? state.target : null;
}

export function visitorReducer(state: VisitorState, action: VisitorAction): VisitorState {
  switch (action.type) {
    case 'detail': {
      const d = action.detail;
      // A conference link is not a QR call: the same answer as an unknown code.
      if (d.type !== 'qrcode') return { kind: 'invalid' };
      if (d.expired) return { kind: 'expired' };
      return {
        kind: 'ready',
        target: { title: d.title, ownerName: d.owner_name },
        notice: null,
        placing: false,
      };
    }
    case 'detail_failed':
      return action.status === 404 ? { kind: 'invalid' } : { kind: 'load_failed' };
    case 'placing':
      return state.kind === 'ready' ? { ...state, placing: true, notice: null } : state;
    case 'place_failed':
      if (action.key === 'qr.invalid' || action.status === 404) return { kind: 'invalid' };
      if (action.key === 'qr.expired' || action.status === 410) return { kind: 'expired' };
      return state.kind === 'ready' ? { ...state, placing: false } : state;
    case 'view': {
      const v = action.view;
      const target = targetOf(state) ?? { title: v.alias.title, ownerName: v.alias.owner_name };
      if (v.state === 'answered' && v.join) return { kind: 'answered', target, join: v.join };
      if (v.state === 'ringing') {
        const token = action.token ?? (state.kind === 'ringing' ? state.token : null);
        if (!token) return state;
        return {
          kind: 'ringing',
          target,
          callId: v.call_id,
          token,
          cancelling: state.kind === 'ringing' ? state.cancelling : false,
        };
      }
      if (v.state === 'expired') return { kind: 'expired' };
      return { kind: 'ready', target, notice: noticeOf(v.state), placing: false };
    }
    case 'cancelling':
      return state.kind === 'ringing' ? { ...state, cancelling: true } : state;
    default:
      return assertNever(action, 'visitor action');
  }
}

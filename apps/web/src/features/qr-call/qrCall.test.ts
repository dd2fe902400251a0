import { describe, expect, it } from 'vitest';
import type { AliasShortDetail, QrCallVisitorView } from '@podium/protocol';
import { addRing, removeRing, stopNotice, type Ring } from './incomingCalls.ts';
import { initialVisitorState, visitorReducer, type VisitorState } from './visitorCall.ts';

const detail = (over: Partial<AliasShortDetail> = {}): AliasShortDetail => ({
  name: 'front-desk',
  type: 'qrcode',
  title: 'Front desk',
  start_time: '2026-11-21T10:00:00.000Z',
  end_time: '2026-11-21T11:00:00.000Z',
  duration: 60,
  mode: 'meeting',
  require_passcode: false,
  join_before_host: false,
  expired: false,
  expired_at: null,
  owner_name: 'Owner',
  ...over,
});

const view = (over: Partial<QrCallVisitorView>): QrCallVisitorView => ({
  call_id: 'c1',
  state: 'ringing',
  alias: { name: 'front-desk', title: 'Front desk', owner_name: 'Owner' },
  ring_deadline: '2026-11-21T10:00:30.000Z',
  ...over,
});

function ready(): VisitorState {
  return visitorReducer(initialVisitorState, { type: 'detail', detail: detail() });
}

describe('visitor call', () => {
  it('a conference link or an unknown code is an invalid QR code; an expired one says so', () => {
    expect(
      visitorReducer(initialVisitorState, {
        type: 'detail',
        detail: detail({ type: 'conference' }),
      }).kind,
    ).toBe('invalid');
    expect(visitorReducer(initialVisitorState, { type: 'detail_failed', status: 404 }).kind).toBe(
      'invalid',
    );
    expect(visitorReducer(initialVisitorState, { type: 'detail_failed', status: 0 }).kind).toBe(
      'load_failed',
    );
    expect(
      visitorReducer(initialVisitorState, { type: 'detail', detail: detail({ expired: true }) })
        .kind,
    ).toBe('expired');
  });

  it('rings with the token of the call, then ends with the notice of its state', () => {
    const ringing = visitorReducer(ready(), { type: 'view', view: view({}), token: 'tok' });
    expect(ringing).toMatchObject({ kind: 'ringing', callId: 'c1', token: 'tok' });
    // A wait answer carries no token: the one from the call is kept.
    expect(visitorReducer(ringing, { type: 'view', view: view({}) })).toMatchObject({
      token: 'tok',
    });
    for (const [state, notice] of [
      ['busy', 'busy'],
      ['timeout', 'busy'],
      ['cancelled', 'cancelled'],
    ] as const) {
      expect(visitorReducer(ringing, { type: 'view', view: view({ state }) })).toMatchObject({
        kind: 'ready',
        notice,
        placing: false,
      });
    }
    expect(visitorReducer(ringing, { type: 'view', view: view({ state: 'expired' }) }).kind).toBe(
      'expired',
    );
  });

  it('answered with an admission: the room is next', () => {
    const join = {
      alias: 'room1',
      ticket: 't',
      expires_at: '2026-11-21T10:10:00.000Z',
      role: 'guest' as const,
      display_name: 'Vy',
      title: 'Front desk',
    };
    const next = visitorReducer(ready(), { type: 'view', view: view({ state: 'answered', join }) });
    expect(next).toMatchObject({ kind: 'answered', join });
  });

  it('a refused call: invalid and expired codes replace the page, other errors keep it', () => {
    const placing = visitorReducer(ready(), { type: 'placing' });
    expect(placing).toMatchObject({ placing: true });
    expect(
      visitorReducer(placing, { type: 'place_failed', status: 404, key: 'qr.invalid' }).kind,
    ).toBe('invalid');
    expect(
      visitorReducer(placing, { type: 'place_failed', status: 410, key: 'qr.expired' }).kind,
    ).toBe('expired');
    expect(
      visitorReducer(placing, { type: 'place_failed', status: 400, key: undefined }),
    ).toMatchObject({
      kind: 'ready',
      placing: false,
    });
  });
});

describe('incoming calls', () => {
  const ring = (id: string): Ring => ({
    type: 'qr_ring',
    call_id: id,
    alias: 'front-desk',
    title: 'Front desk',
    visitor_name: 'Vy',
    ring_deadline: '2026-11-21T10:00:30.000Z',
  });

  it('keeps one entry per call, oldest first', () => {
    const rings = addRing(addRing(addRing([], ring('a')), ring('b')), ring('a'));
    expect(rings.map((r) => r.call_id)).toEqual(['a', 'b']);
    expect(removeRing(rings, 'a').map((r) => r.call_id)).toEqual(['b']);
  });

  it('says why a ringing call went away, except for the agent’s own answer', () => {
    expect(stopNotice('answered')).toBeNull();
    expect(stopNotice('declined')).toBeNull();
    expect(stopNotice('answered_elsewhere')).toBe('qrCall.messages.answeredElsewhere');
    expect(stopNotice('cancelled')).toBe('qrCall.messages.cancelled');
    expect(stopNotice('timeout')).toBe('qrCall.incoming.missed');
    expect(stopNotice('expired')).toBe('qrCall.messages.expired');
  });
});

import { describe, expect, it } from 'vitest';
import { Sim } from '../../../rooms/test-support.ts';
import {
  endedBy,
  startRefusal,
  startShare,
  stopShare,
  stoppedByHost,
  visibleShares,
  type Shares,
} from './rules.ts';

/** A conference: the host, two presenters, one attendee (a1). */
function conference(): Sim {
  const sim = new Sim({ mode: 'conference' });
  sim.join('host', { ticket: 'host' });
  for (const id of ['s1', 's2']) {
    sim.join(id);
    sim.req('host', { type: 'set_role', participant_id: id, role: 'presenter', granted: true });
  }
  sim.join('a1');
  return sim;
}

const share = (participant_id: string, n: 1 | 2 | 3, name = `Cam ${n}`) =>
  ({ participant_id, source: `camera_share_${n}`, name }) as const;

describe('camera share rules (pure)', () => {
  it('lets the stage share and refuses the audience', () => {
    const sim = conference();
    expect(startRefusal(sim.state, 's1')).toBe(null);
    expect(startRefusal(sim.state, 'host')).toBe(null);
    // An attendee, even one let to show their camera, does not share more cameras.
    expect(startRefusal(sim.state, 'a1')?.code).toBe('permission');
    sim.req('host', { type: 'ask_enable', kind: 'video', participant_id: 'a1' });
    sim.req('a1', { type: 'ask_response', kind: 'video', response: 'accepted' });
    expect(startRefusal(sim.state, 'a1')?.code).toBe('permission');
    expect(startRefusal(sim.state, 'nobody')?.code).toBe('not_joined');
  });

  it('keeps one share per source and person; stopping needs a share', () => {
    let shares: Shares = [];
    const first = startShare(shares, 's1', 'camera_share_1', 'Desk');
    expect(first).toEqual({ ok: true, shares: [share('s1', 1, 'Desk')] });
    shares = first.ok ? first.shares : shares;
    expect(startShare(shares, 's1', 'camera_share_1', 'Again')).toMatchObject({
      ok: false,
      error: { code: 'conflict', key: 'cameraShare.in_use' },
    });
    // Another person's first source is theirs.
    const second = startShare(shares, 's2', 'camera_share_1', 'Board');
    expect(second.ok && second.shares).toHaveLength(2);
    expect(stopShare(shares, 's2', 'camera_share_1')).toMatchObject({
      ok: false,
      error: { key: 'cameraShare.not_shared' },
    });
    expect(stopShare(shares, 's1', 'camera_share_1')).toEqual({ ok: true, shares: [] });
  });

  it('ends the shares of someone who left or lost the camera right, not of a reconnect', () => {
    const sim = conference();
    const shares = [share('s1', 1), share('s2', 1), share('s2', 2)];
    // s2 is no longer a presenter: an attendee of a conference sends no video.
    const demoted = sim.req('host', {
      type: 'set_role',
      participant_id: 's2',
      role: 'presenter',
      granted: false,
    });
    expect(endedBy(shares, demoted.effects, demoted.state)).toEqual([
      share('s2', 1),
      share('s2', 2),
    ]);
    const left = sim.req('s1', { type: 'leave' });
    expect(endedBy(shares, left.effects, left.state).map((s) => s.participant_id)).toContain('s1');
    const quiet = sim.req('host', { type: 'lock' });
    expect(endedBy([share('host', 1)], quiet.effects, quiet.state)).toEqual([]);
  });

  it("the host's Stop cameras ends everyone's shares but the host's and the asker's", () => {
    const sim = conference();
    sim.req('host', { type: 'set_role', participant_id: 's2', role: 'co-host', granted: true });
    const shares = [share('host', 1), share('s1', 1), share('s2', 1)];
    expect(stoppedByHost(shares, sim.state, 'host')).toEqual([share('s1', 1), share('s2', 1)]);
    expect(stoppedByHost(shares, sim.state, 's2')).toEqual([share('s1', 1)]);
    // A presenter may not stop others' cameras: nothing ends.
    expect(stoppedByHost(shares, sim.state, 's1')).toEqual([]);
  });

  it('tells nobody about a backstage presenter’s shares', () => {
    const sim = conference();
    const shares = [share('s1', 1), share('s2', 3)];
    expect(visibleShares(shares, sim.state)).toEqual(shares);
    sim.req('s1', { type: 'go_invisible' });
    expect(visibleShares(shares, sim.state)).toEqual([share('s2', 3)]);
  });
});

import { describe, expect, it } from 'vitest';
import type { FeedView } from '@podium/protocol';
import { assignFeeds, parseSections } from './sdpFeeds.ts';

const feed = (id: string, audio = true, video = true): FeedView => ({
  feed_id: id,
  participant_id: `p-${id}`,
  name: id,
  source: 'camera',
  channel: null,
  audio,
  video,
  simulcast: true,
});

const offer = (lines: string[]) =>
  ['v=0', 'o=- 1 1 IN IP4 127.0.0.1', 's=-', 't=0 0', ...lines].join('\r\n');

describe('subscriber offer → feeds', () => {
  it('reads mid, kind, msid stream and inactive lines', () => {
    const sections = parseSections(
      offer([
        'm=audio 9 UDP/TLS/RTP/SAVPF 111',
        'a=mid:0',
        'a=msid:janus janusa0',
        'm=video 0 UDP/TLS/RTP/SAVPF 96',
        'a=mid:1',
        'a=inactive',
        'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
        'a=mid:2',
      ]),
    );
    expect(sections).toEqual([
      { mid: '0', kind: 'audio', stream: 'janus', inactive: false },
      { mid: '1', kind: 'video', stream: null, inactive: true },
      { mid: '2', kind: 'application', stream: null, inactive: false },
    ]);
  });

  it('places new lines on the subscribed feeds in request order, keeping earlier ones', () => {
    const a = feed('a');
    const b = feed('b', false, true);
    const feeds = { a, b };
    const queue = [a, b];
    const first = assignFeeds(
      parseSections(offer(['m=audio 9 X 111', 'a=mid:0', 'm=video 9 X 96', 'a=mid:1'])),
      new Map(),
      queue,
      feeds,
    );
    expect([...first]).toEqual([
      ['0', 'a'],
      ['1', 'a'],
    ]);
    expect(queue).toEqual([b]);
    const second = assignFeeds(
      parseSections(
        offer([
          'm=audio 9 X 111',
          'a=mid:0',
          'm=video 9 X 96',
          'a=mid:1',
          'm=video 9 X 96',
          'a=mid:2',
        ]),
      ),
      first,
      queue,
      feeds,
    );
    expect(second.get('2')).toBe('b');
    expect(queue).toEqual([]);
  });

  it('prefers a stream id naming the feed, and drops lines that went inactive', () => {
    const a = feed('a');
    const b = feed('b');
    const known = new Map([['0', 'a']]);
    const result = assignFeeds(
      parseSections(
        offer(['m=audio 0 X 111', 'a=mid:0', 'm=video 9 X 96', 'a=mid:1', 'a=msid:feed-b t1']),
      ),
      known,
      [a, b],
      { a, b },
    );
    expect(result.has('0')).toBe(false);
    expect(result.get('1')).toBe('b');
  });
});

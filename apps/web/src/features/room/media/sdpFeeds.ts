import type { FeedView } from '@podium/protocol';

/**
 * Which feed each m-line of the media server's subscriber offer carries.
 *
 * The protocol's `offer` event has only the SDP (gap reported: it should list `{mid, feed_id}`
 * like Janus's own `streams`). Until then: a stream id in `a=msid` that names a feed wins; else
 * new m-lines are matched, in order, to the feeds subscribed and not placed yet — the media
 * server adds streams in the order they were asked for, audio before video per feed.
 */
export interface MediaSection {
  mid: string;
  kind: string;
  /** The stream id of `a=msid:<stream> <track>`, if any. */
  stream: string | null;
  /** Port 0: a stream that was removed (its m-line stays for reuse). */
  inactive: boolean;
}

export function parseSections(sdp: string): MediaSection[] {
  const sections: MediaSection[] = [];
  let current: MediaSection | null = null;
  for (const raw of sdp.split(/\r?\n/)) {
    const line = raw.trim();
    if (line.startsWith('m=')) {
      const [kind = '', port = ''] = line.slice(2).split(' ');
      current = { mid: '', kind, stream: null, inactive: port === '0' };
      sections.push(current);
    } else if (current && line.startsWith('a=mid:')) {
      current.mid = line.slice(6);
    } else if (current && line.startsWith('a=msid:')) {
      const stream = line.slice(7).split(' ')[0];
      current.stream = stream && stream !== '-' ? stream : null;
    } else if (current && line === 'a=inactive') {
      current.inactive = true;
    }
  }
  return sections.filter((s) => s.mid !== '');
}

/**
 * Extends `known` (mid → feed id) with the m-lines of a new offer. `queue` holds the feeds
 * subscribed and not placed yet, in request order; placed ones are removed from it.
 */
export function assignFeeds(
  sections: readonly MediaSection[],
  known: ReadonlyMap<string, string>,
  queue: FeedView[],
  feeds: Readonly<Record<string, FeedView>>,
): Map<string, string> {
  const result = new Map(known);
  const placed = new Map<string, Set<string>>(); // feed → kinds already placed
  const mark = (feedId: string, kind: string) => {
    const kinds = placed.get(feedId) ?? new Set();
    kinds.add(kind);
    placed.set(feedId, kinds);
  };
  for (const [mid, feedId] of known) {
    const kind = sections.find((s) => s.mid === mid)?.kind;
    if (kind) mark(feedId, kind);
  }
  for (const section of sections) {
    if (section.inactive) {
      result.delete(section.mid);
      continue;
    }
    if (result.has(section.mid) || (section.kind !== 'audio' && section.kind !== 'video')) continue;
    const named = section.stream
      ? Object.keys(feeds).find((id) => section.stream === id || section.stream?.endsWith(id))
      : undefined;
    const feed =
      named ??
      queue.find(
        (f) =>
          (section.kind === 'audio' ? f.audio : f.video) &&
          !placed.get(f.feed_id)?.has(section.kind),
      )?.feed_id;
    if (!feed) continue;
    result.set(section.mid, feed);
    mark(feed, section.kind);
  }
  // A feed whose every stream found its line is no longer waiting.
  for (let i = queue.length - 1; i >= 0; i--) {
    const f = queue[i]!;
    const kinds = placed.get(f.feed_id);
    if (kinds && (!f.audio || kinds.has('audio')) && (!f.video || kinds.has('video'))) {
      queue.splice(i, 1);
    }
  }
  return result;
}

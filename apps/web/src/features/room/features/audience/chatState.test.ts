import { describe, expect, it } from 'vitest';
import { AUDIENCE_OFF, type AudienceChatMessage } from '@podium/protocol';
import { audienceChatSlice, canAnswerAudience, showsAudienceChat } from './chatState.ts';

const line = (id: string, from: 'audience' | 'stage' = 'audience'): AudienceChatMessage => ({
  id,
  name: 'Ngọc',
  text: `line ${id}`,
  at: 1,
  from,
});

describe('the audience chat in the call', () => {
  it('takes the history after a welcome, then each new line once, counting them', () => {
    const reduce = audienceChatSlice.reduce!;
    const room = {} as Parameters<typeof reduce>[2];
    let slice = reduce(
      audienceChatSlice.initial,
      { type: 'audience_chat_history', messages: [line('a'), line('b', 'stage')] },
      room,
    );
    expect(slice.messages.map((m) => m.id)).toEqual(['a', 'b']);
    slice = reduce(slice, { type: 'audience_chat_message', message: line('c') }, room);
    const again = reduce(slice, { type: 'audience_chat_message', message: line('c') }, room);
    expect(again).toBe(slice);
    expect(slice).toMatchObject({ received: 1 });
    expect(slice.messages.map((m) => m.id)).toEqual(['a', 'b', 'c']);
    // A reconnect's welcome replaces the list with the server's.
    slice = reduce(slice, { type: 'audience_chat_history', messages: [line('c')] }, room);
    expect(slice.messages.map((m) => m.id)).toEqual(['c']);
  });

  it('the stage answers; the panel shows in livestream rooms and rooms on their watch page', () => {
    expect(canAnswerAudience('host')).toBe(true);
    expect(canAnswerAudience('presenter')).toBe(true);
    expect(canAnswerAudience('participant')).toBe(false);
    expect(canAnswerAudience('guest')).toBe(false);
    expect(showsAudienceChat('livestream', AUDIENCE_OFF)).toBe(true);
    expect(showsAudienceChat('meeting', AUDIENCE_OFF)).toBe(false);
    expect(showsAudienceChat('conference', { ...AUDIENCE_OFF, state: 'live' })).toBe(true);
    expect(showsAudienceChat('endtoend', { ...AUDIENCE_OFF, state: 'live' })).toBe(false);
  });
});

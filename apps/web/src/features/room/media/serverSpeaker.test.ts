import { afterEach, describe, expect, it } from 'vitest';
import type { ParticipantView } from '@podium/protocol';
import { stageView } from '../state/stage.ts';
import { createRoomStore, type RoomStore } from '../store.ts';
import { RoomMedia } from './RoomMedia.ts';

const person = (id: string): ParticipantView => ({
  id,
  name: id,
  role: 'presenter',
  guest: false,
  state: 'connected',
  audio: true,
  video: true,
  screen: false,
  hand_raised_at: null,
  invisible: false,
  interpreter_channel: null,
  can_publish: { audio: true, video: true, screen: true },
});

/** A browser with no devices at all: nothing is published, only the speaker logic runs. */
function noDevices(): MediaDevices {
  const target = new EventTarget();
  return Object.assign(target, {
    enumerateDevices: async () => [],
    getUserMedia: () => Promise.reject(new DOMException('none', 'NotFoundError')),
  }) as unknown as MediaDevices;
}

const ticks = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the active speaker the server reports', () => {
  let media: RoomMedia | null = null;
  afterEach(() => media?.close());

  async function room(): Promise<RoomStore> {
    const people = ['me', 'a', 'b'].map(person);
    const store = createRoomStore({
      selfId: 'me',
      layout: 'center',
      participants: Object.fromEntries(people.map((p) => [p.id, p])),
      order: people.map((p) => p.id),
    });
    media = await RoomMedia.create({
      store,
      signaling: { request: () => Promise.resolve({}) as never },
      mediaDevices: noDevices(),
      fallbackLabel: (kind, n) => `${kind} ${n}`,
      notify: () => undefined,
      speakerIntervalMs: 5,
      statsIntervalMs: 60_000,
    });
    return store;
  }

  const mainOf = (store: RoomStore) => {
    const { room: r, media: m } = store.getState();
    return stageView({ room: r, activeSpeaker: m.activeSpeaker, selfSharing: false }).main.map(
      (t) => t.participantId,
    );
  };

  it('puts the speaker on the center stage and keeps them there against local silence', async () => {
    const store = await room();
    // Before any report the center shows the first other person.
    expect(mainOf(store)).toEqual(['a']);

    media!.handle({ type: 'active_speaker', participant_id: 'b' });
    expect(store.getState().media.activeSpeaker).toBe('b');
    expect(mainOf(store)).toEqual(['b']);

    // The local level meter hears nobody (no audio at all here); the server's word stands.
    await ticks(40);
    expect(store.getState().media.activeSpeaker).toBe('b');
    expect(mainOf(store)).toEqual(['b']);

    // The speaker left the stage: back to the default choice.
    media!.handle({ type: 'active_speaker', participant_id: null });
    expect(mainOf(store)).toEqual(['a']);
  });

  it('oneself speaking does not put oneself first while others are there', async () => {
    const store = await room();
    media!.handle({ type: 'active_speaker', participant_id: 'me' });
    expect(store.getState().media.activeSpeaker).toBe('me');
    expect(mainOf(store)).toEqual(['a']);
  });
});

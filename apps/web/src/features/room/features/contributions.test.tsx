import { renderInRoom, testParticipant } from '../../../test/room.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Button, Menu, Text } from '@mantine/core';
import type { ChatMessageView } from '@podium/protocol';
import { ControlToggle } from '../ui/ControlToggle.tsx';
import { CallView } from '../ui/CallView.tsx';
import { useRoom, useRoomState } from '../ui/context.ts';
import { readSlice } from '../store.ts';
import type { FeatureSlice } from '../state/featureState.ts';
import { IN_CALL_FEATURES } from './index.ts';
import type { InCallFeature } from './inCallFeature.ts';

afterEach(cleanup);

// jsdom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

/**
 * A feature as a newcomer would write it, registered next to the app's own: everything it adds
 * reaches the call without the call shell naming it. (Test-only texts: not user-facing.)
 */
const waves: FeatureSlice<number> = {
  key: 'wave',
  initial: 0,
  reduce: (count, input) => (input.type === 'hand_raised' ? count + 1 : count),
};

function WaveToggle() {
  const session = useRoom();
  const open = useRoomState((s) => s.panel === 'wave');
  return (
    <ControlToggle
      label="Wave"
      tip="Wave"
      pressed={open}
      onClick={() => session.openPanel(open ? null : 'wave')}
    >
      👋
    </ControlToggle>
  );
}

const waveControls = [{ key: 'wave', element: <WaveToggle /> }] as const;

const wave: InCallFeature = {
  id: 'wave',
  slice: waves,
  useControls: () => waveControls,
  panel: {
    Component: ({ title, onClose }) => (
      <aside aria-label="Waves">
        <Text>Waves in {title}</Text>
        <Button onClick={onClose}>Close waves</Button>
      </aside>
    ),
  },
  Header: function WaveCount() {
    const count = useRoomState((s) => readSlice(s, waves));
    return <Text>Waves: {count}</Text>;
  },
  TileOverlay: ({ tile }) => <Text>wave over {tile.participantId}</Text>,
  Overlay: () => <div role="note">wave overlay</div>,
  chat: {
    lineFor: (input): ChatMessageView | null =>
      input.type === 'hand_raised'
        ? {
            id: `wave:${input.participant_id}:${input.at}`,
            from: input.participant_id,
            from_name: input.name,
            to: 'everyone',
            text: '',
            file: null,
            at: input.at,
          }
        : null,
    owns: (message) => message.id.startsWith('wave:'),
    Line: ({ message }) => <div role="listitem">{message.from_name} waved</div>,
  },
  participantMenu: {
    available: (viewer, participant) => viewer?.id !== participant.id,
    Items: ({ participant }) => <Menu.Item>Wave at {participant.name}</Menu.Item>,
  },
  // On the stage while a wave was counted: a board of waves, put there by Bao.
  stageContent: {
    contents: (state) =>
      readSlice(state, waves) > 0 ? [{ contentId: 'board', participantId: 'Bao' }] : [],
    Content: ({ contentId, participantId }) => (
      <div role="figure" aria-label="Wave board">
        {contentId} by {participantId}
      </div>
    ),
  },
  StageBack: () => <div data-testid="wave-scene">scene</div>,
  StageFront: ({ area }) => <div role="banner">banner {area.width > 0 ? 'sized' : ''}</div>,
};

function show() {
  const self = testParticipant('me', { name: 'Lan' });
  return renderInRoom(<CallView title="Weekly" alias="weekly" />, {
    self,
    participants: [self, testParticipant('Bao')],
    features: [...IN_CALL_FEATURES, wave],
  });
}

const controls = () => within(screen.getByRole('region', { name: 'Call controls' }));

describe('in-call feature contributions', () => {
  it('adds its control before Leave, its header item, tile overlays and call overlay', () => {
    show();
    const buttons = controls()
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    // After the app's own features' controls, right before Leave.
    expect(buttons.slice(-2)).toEqual(['Wave', 'Leave']);
    expect(buttons.indexOf('Participants')).toBeLessThan(buttons.indexOf('Wave'));
    expect(screen.getByText('Waves: 0')).toBeTruthy();
    expect(screen.getByText('wave over me')).toBeTruthy();
    expect(screen.getByText('wave over Bao')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe('wave overlay');
  });

  it('opens its panel; one panel at a time, and the chat still counts unread', () => {
    const session = show();
    const receive = (id: string) =>
      act(() =>
        session.store.getState().dispatch({
          type: 'chat_message',
          message: {
            id,
            from: 'Bao',
            from_name: 'Bao',
            to: 'everyone',
            text: id,
            file: null,
            at: 1,
          },
        }),
      );
    receive('m1');
    expect(session.store.getState().room.unread).toBe(1);

    fireEvent.click(controls().getByRole('button', { name: 'Wave' }));
    expect(controls().getByRole('button', { name: 'Wave' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('complementary', { name: 'Waves' }).textContent).toContain('Weekly');

    fireEvent.click(controls().getByRole('button', { name: 'Chat' }));
    expect(screen.queryByRole('complementary', { name: 'Waves' })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Chat' })).toBeTruthy();
    expect(session.store.getState().room.unread).toBe(0);

    fireEvent.click(controls().getByRole('button', { name: 'Wave' }));
    receive('m2');
    expect(session.store.getState().room.unread).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close waves' }));
    expect(session.store.getState().panel).toBeNull();
  });

  it('folds its events into its slice and adds its chat lines', () => {
    const session = show();
    act(() =>
      session.store
        .getState()
        .dispatch({ type: 'hand_raised', participant_id: 'Bao', name: 'Bao', at: 5 }),
    );
    expect(screen.getByText('Waves: 1')).toBeTruthy();
    fireEvent.click(controls().getByRole('button', { name: 'Chat' }));
    const chat = within(screen.getByRole('complementary', { name: 'Chat' }));
    expect(chat.getByRole('listitem').textContent).toBe('Bao waved');
  });

  it('draws its layers behind and over the stage, and its content as the featured tile', () => {
    const session = show();
    const stage = within(screen.getByRole('region', { name: 'Stage' }));
    expect(stage.getByTestId('wave-scene').textContent).toBe('scene');
    expect(stage.getByRole('banner').textContent).toBe('banner sized');
    expect(stage.queryByRole('figure', { name: 'Wave board' })).toBeNull();

    act(() =>
      session.store
        .getState()
        .dispatch({ type: 'hand_raised', participant_id: 'Bao', name: 'Bao', at: 5 }),
    );
    const board = stage.getByRole('figure', { name: 'Wave board' });
    expect(board.textContent).toBe('board by Bao');
    // Featured like a screen share: the large tile, with the people in the strip.
    const area = document.querySelector('[data-stage-area]');
    expect(area?.getAttribute('data-arrangement')).toBe('featured');
    const tile = board.closest('[data-tile-key]');
    expect(tile?.getAttribute('data-tile-key')).toBe('content:wave:board');
  });

  it('adds items to a participant menu', async () => {
    show();
    fireEvent.click(controls().getByRole('button', { name: 'Participants' }));
    const panel = within(screen.getByRole('complementary', { name: 'Participants' }));
    fireEvent.click(panel.getByRole('button', { name: 'Actions for Bao' }));
    expect(await screen.findByRole('menuitem', { name: 'Wave at Bao' })).toBeTruthy();
  });

  it('refuses two features under one id', () => {
    expect(() =>
      renderInRoom(<CallView title="Weekly" alias="weekly" />, {
        self: testParticipant('me'),
        participants: [],
        features: [wave, wave],
      }),
    ).toThrow("in-call feature 'wave' registered twice");
  });
});

import { useEffect, useState } from 'react';
import { Box } from '@mantine/core';
import { socketUrl } from '../../shared/socket/backoff.ts';
import { IN_CALL_FEATURES } from '../room/features/index.ts';
import { RoomMedia } from '../room/media/RoomMedia.ts';
import { RoomSession } from '../room/session/RoomSession.ts';
import { RoomContext } from '../room/ui/context.ts';
import { Stage } from '../room/ui/Stage.tsx';
import { startCapture, type Capture, type CaptureStatus } from './capture.ts';
import { readRecorderParams, type RecorderParams } from './params.ts';

declare global {
  interface Window {
    /** What the recorder page is doing (read by the egress tests). */
    __podiumRecorder?: CaptureStatus & { joined: boolean };
  }
}

/**
 * /egress/:roomId — opened by the egress process in headless Chromium, never by a person. Joins
 * the room as its hidden recorder, renders the call's own Stage at the recording's size (no
 * controls, no toasts) and records the page (capture.ts).
 */
export function RecorderPage() {
  const [params] = useState(() => readRecorderParams(window.location.hash));
  if (!params) return null;
  return <Recorder params={params} />;
}

function Recorder({ params }: { params: RecorderParams }) {
  const [session, setSession] = useState<RoomSession | null>(null);

  useEffect(() => {
    const created = new RoomSession({
      url: socketUrl(window.location),
      authenticate: () => Promise.resolve({ credentials: params.credentials, roomId: null }),
      // The recorder is nobody: nothing to tell, nothing to show but the stage.
      notify: () => undefined,
      features: IN_CALL_FEATURES,
      createMedia: (store, client) =>
        RoomMedia.create({
          store,
          signaling: client,
          mediaDevices: navigator.mediaDevices,
          permissions: navigator.permissions,
          fallbackLabel: (kind, n) => `${kind} ${n}`,
          notify: () => undefined,
        }),
    });
    // The recorder is nobody: the server lists it to no one else, and here it leaves itself out
    // of its own room so the Stage (shared with the call screen, which always shows oneself)
    // draws only the people. Runs synchronously after each store change, before React renders.
    const hideSelf = created.store.subscribe((s) => {
      const id = s.room.selfId;
      if (!id || !s.room.participants[id]) return;
      const participants = Object.fromEntries(
        Object.entries(s.room.participants).filter(([key]) => key !== id),
      );
      created.store.setState({
        room: { ...s.room, participants, order: s.room.order.filter((key) => key !== id) },
      });
    });
    // The session is created, started and closed by this one effect (StrictMode's second mount
    // gets its own), as useRoomSession does; the state only hands it to the render.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above
    setSession(created);
    void created.start();
    return () => {
      hideSelf();
      created.close();
    };
  }, [params]);

  useEffect(() => {
    if (!session) return;
    let capture: Capture | null = null;
    let closed = false;
    const publish = (status: CaptureStatus) => {
      const joined = session.store.getState().room.joinState === 'connected';
      window.__podiumRecorder = { ...status, joined };
    };
    void startCapture({ ...params, onStatus: publish }).then(
      (c) => {
        if (closed) return c.stop();
        capture = c;
        c.setRemote(session.store.getState().media.remote);
      },
      (error: unknown) => publish({ state: 'failed', bytes: 0, chunks: 0, error: String(error) }),
    );
    const unsubscribe = session.store.subscribe((s, before) => {
      if (s.media.remote !== before.media.remote) capture?.setRemote(s.media.remote);
      if (window.__podiumRecorder) {
        window.__podiumRecorder.joined = s.room.joinState === 'connected';
      }
    });
    return () => {
      closed = true;
      unsubscribe();
      capture?.stop();
    };
  }, [session, params]);

  if (!session) return null;
  return (
    <RoomContext.Provider value={session}>
      <Box
        bg="dark.8"
        p={8}
        style={{
          position: 'fixed',
          inset: 0,
          display: 'flex',
          overflow: 'hidden',
          cursor: 'none',
        }}
      >
        <Stage />
        <Heartbeat />
      </Box>
    </RoomContext.Provider>
  );
}

/**
 * Tab capture sends a frame only when the page changes; a still stage (avatars only) would give
 * the encoder no frames and HLS no key frames. One pixel that changes every frame keeps the
 * capture at the display's rate.
 */
function Heartbeat() {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(function tick() {
      setOn((v) => !v);
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div
      aria-hidden
      style={{
        position: 'fixed',
        right: 0,
        bottom: 0,
        width: 1,
        height: 1,
        background: on ? '#202124' : '#202125',
      }}
    />
  );
}

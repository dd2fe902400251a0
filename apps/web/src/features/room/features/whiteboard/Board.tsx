import { useEffect, useMemo, useRef } from 'react';
import { notifications } from '@mantine/notifications';
import {
  CaptureUpdateAction,
  MainMenu,
  reconcileElements,
  restoreElements,
} from '@excalidraw/excalidraw';
import type { OrderedExcalidrawElement } from '@excalidraw/excalidraw/element/types';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import { TOAST_MS, canEditWhiteboard } from '@podium/protocol';
import { useTranslation } from '../../../../shared/i18n/index.ts';
import { useSessionStore } from '../../../../shared/session/store.ts';
import Surface from '../../../whiteboard/Surface.tsx';
import { loadMyDrawing } from '../../../whiteboard/drawingStore.ts';
import { readSlice } from '../../store.ts';
import { selfOf } from '../../state/roomState.ts';
import { useRoom, useRoomState } from '../../ui/context.ts';
import { sendElements, setWhiteboardEditors, shareDrawing } from './actions.ts';
import { whiteboardSlice, type WhiteboardSliceState } from './state.ts';
import { WHITEBOARD_SEND_EVERY_MS, WhiteboardSync } from './sync.ts';

/**
 * The room's board on the stage (loaded lazily: Excalidraw is large). Editors' changes go out
 * through WhiteboardSync at most every 100 ms; the room's changes come in through the slice and
 * are merged with Excalidraw's own reconcileElements (which keeps what this person is editing
 * right now). Watchers and the recorder follow the board: it is fitted to the view on changes.
 */
export default function Board({ viewOnly }: { viewOnly: boolean }) {
  const { t } = useTranslation();
  const session = useRoom();
  const signedIn = useSessionStore((s) => s.signedIn);
  const role = useRoomState((s) => selfOf(s.room)?.role ?? null);
  const editors = useRoomState((s) => readSlice(s, whiteboardSlice).view.editors);
  const canEdit = !viewOnly && role !== null && canEditWhiteboard(role, editors);
  const moderator = role === 'host' || role === 'co-host';
  const apiRef = useRef<ExcalidrawImperativeAPI | null>(null);
  const canEditRef = useRef(canEdit);
  useEffect(() => {
    canEditRef.current = canEdit;
  }, [canEdit]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const sync = useMemo(
    () => new WhiteboardSync((batch) => void sendElements(session, batch)),
    [session],
  );
  const initial = useMemo(() => {
    const elements = [...readSlice(session.store.getState(), whiteboardSlice).elements.values()];
    sync.seen(elements);
    return elements;
  }, [session, sync]);

  // The room's changes, merged into the scene as they arrive.
  useEffect(() => {
    const apply = (slice: WhiteboardSliceState) => {
      const api = apiRef.current;
      if (!api) return;
      sync.seen(slice.received);
      const local = api.getSceneElementsIncludingDeleted();
      const remote = restoreElements(
        slice.received as unknown as OrderedExcalidrawElement[],
        local,
      ) as unknown as RemoteExcalidrawElement[];
      api.updateScene({
        elements: reconcileElements(local, remote, api.getAppState()),
        captureUpdate: CaptureUpdateAction.NEVER,
      });
      if (!canEditRef.current) api.scrollToContent(undefined, { fitToContent: true });
    };
    return session.store.subscribe((state, previous) => {
      const now = readSlice(state, whiteboardSlice);
      if (now.revision !== readSlice(previous, whiteboardSlice).revision) apply(now);
    });
  }, [session, sync]);

  // What is still unsent when the board leaves the stage goes out now.
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      const api = apiRef.current;
      if (api && canEditRef.current) sync.push(api.getSceneElementsIncludingDeleted());
    },
    [sync],
  );

  const wrapper = useRef<HTMLDivElement | null>(null);
  const onChange = (elements: readonly OrderedExcalidrawElement[]) => {
    // How many elements the board shows, readable from the page (tests, assistive tooling):
    // written to the DOM directly, since a re-render per change would slow drawing down.
    if (wrapper.current) {
      wrapper.current.dataset.elements = String(elements.filter((e) => !e.isDeleted).length);
    }
    if (!canEditRef.current || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const api = apiRef.current;
      if (api && canEditRef.current) sync.push(api.getSceneElementsIncludingDeleted());
    }, WHITEBOARD_SEND_EVERY_MS);
  };

  const loadDrawing = async () => {
    const elements = await loadMyDrawing(signedIn).catch(() => []);
    if (elements.length === 0) {
      notifications.show({ message: t('whiteboard.nothingToLoad'), autoClose: TOAST_MS });
      return;
    }
    if (await shareDrawing(session, elements)) {
      // Its elements are ours now: show them here too (the others get them from the room).
      const api = apiRef.current;
      if (api) {
        sync.seen(elements);
        const local = api.getSceneElementsIncludingDeleted();
        api.updateScene({
          elements: reconcileElements(
            local,
            restoreElements(
              elements as unknown as OrderedExcalidrawElement[],
              local,
            ) as unknown as RemoteExcalidrawElement[],
            api.getAppState(),
          ),
          captureUpdate: CaptureUpdateAction.IMMEDIATELY,
        });
        api.scrollToContent(undefined, { fitToContent: true });
      }
      notifications.show({ message: t('whiteboard.loaded'), autoClose: TOAST_MS });
    }
  };

  return (
    <div
      ref={wrapper}
      style={{ width: '100%', height: '100%', background: '#fff' }}
      role="region"
      aria-label={t('whiteboard.label')}
      data-whiteboard={canEdit ? 'edit' : 'view'}
    >
      <Surface
        initialElements={initial}
        viewMode={!canEdit}
        bare={viewOnly}
        name={t('whiteboard.label')}
        onApi={(api) => {
          apiRef.current = api;
        }}
        onChange={onChange}
        menuItems={
          <>
            {canEdit ? (
              <MainMenu.Item onSelect={() => void loadDrawing()}>
                {t('whiteboard.menu.loadDrawing')}
              </MainMenu.Item>
            ) : null}
            {moderator ? (
              <MainMenu.Item
                onSelect={() =>
                  void setWhiteboardEditors(
                    session,
                    editors === 'everyone' ? 'presenters' : 'everyone',
                  )
                }
              >
                {editors === 'everyone'
                  ? t('whiteboard.menu.presenters')
                  : t('whiteboard.menu.everyone')}
              </MainMenu.Item>
            ) : null}
          </>
        }
      />
    </div>
  );
}

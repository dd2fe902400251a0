import { useCallback, useEffect, useRef, useState } from 'react';
import { deferredModule } from '../shared/ui/deferredModule.ts';

/**
 * The window events behind @mantine/modals' `modals.*` API (its events.mjs: the prefix
 * `mantine-modals` and one event per call).
 */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

// The dialog container (Mantine's Modal, focus trap, scroll lock) is not in the first load
// (issue 11): it loads once the page is idle and mounts with the first dialog.
const useModalsHost = deferredModule(() => import('./ModalsHost.tsx'));

/**
 * Features open dialogs with `modals.open…`, which only dispatches a window event: until the
 * container listens, the events are held here and handed to it, in order, once it does.
 */
export function DeferredModals() {
  const host = useModalsHost();
  const held = useRef<CustomEvent[]>([]);
  const listening = useRef(false);
  const [needed, setNeeded] = useState(false);
  const [ready, setReady] = useState(false);
  const { load } = host;
  const onListening = useCallback(() => {
    listening.current = true;
    setReady(true);
  }, []);
  useEffect(() => {
    if (ready) return;
    const hold = (event: Event) => {
      if (listening.current) return;
      held.current.push(event as CustomEvent);
      setNeeded(true);
      void load().catch(() => undefined);
    };
    for (const type of MODAL_EVENTS) window.addEventListener(type, hold);
    return () => {
      for (const type of MODAL_EVENTS) window.removeEventListener(type, hold);
    };
  }, [ready, load]);
  useEffect(() => {
    if (!ready) return;
    const events = held.current;
    held.current = [];
    for (const event of events) {
      window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
    }
  }, [ready]);
  if (!needed || !host.module) return null;
  const ModalsHost = host.module.default;
  return <ModalsHost onListening={onListening} />;
}

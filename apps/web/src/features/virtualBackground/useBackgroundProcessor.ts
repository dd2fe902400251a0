import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { backgroundStore, type BackgroundState } from './store.ts';
import { backdropFor, loadEngine, type Processor } from './load.ts';

/** This browser's background choice, re-rendering on change. */
export function useBackground(): BackgroundState {
  const store = backgroundStore();
  return useSyncExternalStore(store.subscribe, store.getState);
}

/**
 * A running background processor while a background is chosen (null otherwise, and while the
 * model loads). `release` runs before a processor is closed (the call puts the raw camera back
 * on the sender first, so nobody sees a stopped track).
 */
export function useBackgroundProcessor(
  release?: (processor: Processor) => Promise<void> | void,
): Processor | null {
  const { choice, customImage } = useBackground();
  const on = choice.kind !== 'none';
  const [processor, setProcessor] = useState<Processor | null>(null);
  // Read when closing: the latest one, without restarting the model when it changes.
  const releaseRef = useRef(release);
  useEffect(() => {
    releaseRef.current = release;
  });

  useEffect(() => {
    if (!on) return;
    const store = backgroundStore();
    let live = true;
    let created: Processor | null = null;
    void (async () => {
      try {
        const [{ BackgroundProcessor }, backdrop] = await Promise.all([
          loadEngine(),
          backdropFor(store.getState().choice, store.getState().customImage),
        ]);
        if (!live || !backdrop) return;
        const made = await BackgroundProcessor.create({
          backdrop,
          onTooSlow: () => {
            if (store.fallback) store.turnOff('too_slow');
          },
          onError: () => store.turnOff('failed'),
        });
        if (!live) {
          made.close();
          return;
        }
        created = made;
        setProcessor(made);
        store.started();
      } catch {
        if (live) store.turnOff('failed');
      }
    })();
    return () => {
      live = false;
      setProcessor(null);
      const closing = created;
      if (closing) {
        void Promise.resolve(releaseRef.current?.(closing))
          .catch(() => undefined)
          .finally(() => closing.close());
      }
    };
  }, [on]);

  // Another background while on: only the backdrop changes.
  useEffect(() => {
    if (!processor) return;
    let live = true;
    void backdropFor(choice, customImage)
      .then((backdrop) => {
        if (live && backdrop) processor.setBackdrop(backdrop);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [processor, choice, customImage]);

  return processor;
}

/**
 * The camera as it will be sent, for a preview: the processed stream while a background runs,
 * the raw one otherwise (and while the model loads).
 */
export function useFilteredCamera(raw: MediaStream | null): MediaStream | null {
  const processor = useBackgroundProcessor();
  const track = raw?.getVideoTracks()[0] ?? null;
  // apply() only switches the processor's input (and pauses it for null): safe to repeat.
  const filtered = useMemo(() => processor?.apply(track) ?? null, [processor, track]);
  return filtered ?? raw;
}

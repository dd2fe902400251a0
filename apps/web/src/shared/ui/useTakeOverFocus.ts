import { useEffect, useRef, type RefObject } from 'react';

/**
 * For a control that replaces a stand-in (shared/ui/deferredModule.ts): when the stand-in had the
 * focus as it was replaced, the focus moves to the control's element (the returned ref).
 */
export function useTakeOverFocus<T extends HTMLElement>(focused: boolean): RefObject<T | null> {
  const target = useRef<T>(null);
  const hadFocus = useRef(focused);
  useEffect(() => {
    if (hadFocus.current) target.current?.focus();
  }, []);
  return target;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { COPY_CONFIRM_MS } from '@podium/protocol';

/**
 * Copies text to the clipboard; `copied` stays true for COPY_CONFIRM_MS (spec §9: 1500 ms) so
 * the button can show a confirmation. Resolves false when the browser refused.
 */
export function useCopy(timeoutMs: number = COPY_CONFIRM_MS) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopied(true);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), timeoutMs);
      return true;
    },
    [timeoutMs],
  );
  return { copied, copy };
}

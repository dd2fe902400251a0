import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the rest of the call view (controls, prompts, overlays) may render: at once, or with
 * `stageFirst` a task after the stage's first commit. Joining, the call view's first render is
 * the page's longest task (100–500 ms on a loaded 2-core machine) and it runs while the first
 * remote frame is on its way: the stage alone shows the others sooner, and what the socket
 * and the connection bring is handled before the rest renders (issue 11 item 3).
 */
export function useRestOfCallView(stageFirst: boolean): boolean {
  const [rest, setRest] = useState(!stageFirst);
  useEffect(() => {
    if (rest) return;
    // A task of its own after the commit, then a transition: React yields while it renders.
    const timer = setTimeout(() => startTransition(() => setRest(true)), 0);
    return () => clearTimeout(timer);
  }, [rest]);
  return rest;
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSessionStore } from '../../../shared/session/store.ts';
import { liveApi } from '../api.ts';
import { AudienceChatModel } from './model.ts';

/**
 * Binds the page's audience chat model: one per page, started once the page holds a playback
 * pass (`hasPass`), told when the viewer signs in or out.
 */
export function useAudienceChat(alias: string, token: () => string | null, hasPass: boolean) {
  const signedIn = useSessionStore((s) => s.signedIn);
  const [model] = useState(
    () =>
      new AudienceChatModel({
        alias,
        api: liveApi,
        token,
        signedIn,
        openStream: (url) => new EventSource(url),
      }),
  );
  useEffect(() => () => model.close(), [model]);
  useEffect(() => {
    if (hasPass) model.start();
  }, [model, hasPass]);
  useEffect(() => model.setSignedIn(signedIn), [model, signedIn]);
  const state = useSyncExternalStore(model.subscribe, model.getSnapshot);
  return { state, send: (text: string) => model.send(text) };
}

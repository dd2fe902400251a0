import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../shared/api/index.ts';
import { useSessionStore } from '../../shared/session/store.ts';
import { admitToQrCall } from './admission.ts';
import { cancelOnLeave, qrCallApi, type QrCallApi } from './api.ts';
import { initialVisitorState, visitorReducer } from './visitorCall.ts';

const statusOf = (error: unknown) => (isApiError(error) ? error.status : 0);

/** /c/:alias: checks the QR code, places the call, waits for the answer, then enters the room. */
export function useVisitorCall(client: QrCallApi = qrCallApi) {
  const { alias = '' } = useParams();
  const navigate = useNavigate();
  const signedIn = useSessionStore((s) => s.signedIn);
  const [state, dispatch] = useReducer(visitorReducer, initialVisitorState);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    client.shortDetail(alias, abort.signal).then(
      (detail) => dispatch({ type: 'detail', detail }),
      (error: unknown) => {
        if (!abort.signal.aborted) dispatch({ type: 'detail_failed', status: statusOf(error) });
      },
    );
    return () => abort.abort();
  }, [alias, attempt, client]);

  // While ringing, one held request after another until the call leaves 'ringing'.
  const ringingId = state.kind === 'ringing' ? state.callId : null;
  const ringingToken = state.kind === 'ringing' ? state.token : null;
  useEffect(() => {
    if (!ringingId || !ringingToken) return;
    const abort = new AbortController();
    let failures = 0;
    const loop = async () => {
      while (!abort.signal.aborted) {
        try {
          const view = await client.wait(ringingId, ringingToken, 'ringing', abort.signal);
          if (abort.signal.aborted) return;
          dispatch({ type: 'view', view });
          if (view.state !== 'ringing') return;
          failures = 0;
        } catch {
          if (abort.signal.aborted) return;
          // A dropped connection: try again after a pause, a few times.
          failures += 1;
          if (failures > 5) return;
          await new Promise((r) => setTimeout(r, 1000 * failures));
        }
      }
    };
    void loop();
    return () => abort.abort();
  }, [ringingId, ringingToken, client]);

  // Leaving the page (closing the tab, or going elsewhere in the app) while it rings cancels.
  const ringing = useRef<{ callId: string; token: string } | null>(null);
  useEffect(() => {
    ringing.current = ringingId && ringingToken ? { callId: ringingId, token: ringingToken } : null;
  }, [ringingId, ringingToken]);
  useEffect(() => {
    const leave = () => {
      if (ringing.current) cancelOnLeave(ringing.current.callId, ringing.current.token);
      ringing.current = null;
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  // Answered: the admission goes where the call room reads it, and the visitor enters.
  const join = state.kind === 'answered' ? state.join : null;
  useEffect(() => {
    if (!join) return;
    void navigate(admitToQrCall(join), { replace: true });
  }, [join, navigate]);

  const call = useCallback(async () => {
    const trimmed = name.trim();
    if (!signedIn && !trimmed) {
      setNameError('qrCall.visitor.nameRequired');
      return;
    }
    setNameError(null);
    dispatch({ type: 'placing' });
    try {
      const view = await client.call(alias, trimmed || null);
      dispatch({ type: 'view', view, ...(view.token ? { token: view.token } : {}) });
    } catch (error) {
      const key = isApiError(error) ? error.key : undefined;
      if (isApiError(error) && error.fields?.display_name)
        setNameError('qrCall.visitor.nameRequired');
      dispatch({ type: 'place_failed', status: statusOf(error), key });
    }
  }, [alias, client, name, signedIn]);

  const cancel = useCallback(async () => {
    if (state.kind !== 'ringing') return;
    dispatch({ type: 'cancelling' });
    try {
      dispatch({ type: 'view', view: await client.cancel(state.callId, state.token) });
    } catch {
      // The wait loop still reports how the call ended.
    }
  }, [client, state]);

  return {
    state,
    signedIn,
    name,
    setName: (value: string) => {
      setName(value);
      if (value.trim()) setNameError(null);
    },
    nameError,
    call: () => void call(),
    cancel: () => void cancel(),
    retry: () => setAttempt((n) => n + 1),
  };
}

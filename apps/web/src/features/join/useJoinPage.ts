import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useRequest } from '../../shared/api/useRequest.ts';
import { NAMED_PATHS } from '../../shared/routing/paths.ts';
import { joinApi } from './api.ts';
import { parseJoinLink } from './joinLink.ts';
import { joinView } from './joinView.ts';
import { loadedRoom } from './roomModule.ts';
import {
  clearAdmission,
  readAdmission,
  saveAdmission,
  type JoinAdmission,
} from '../../shared/session/admission.ts';

/** /j/:alias: the link, the public event details and the admission, as one view. */
export function useJoinPage() {
  const { alias: aliasParam } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const link = useMemo(
    () => parseJoinLink(aliasParam, location.search),
    [aliasParam, location.search],
  );
  const alias = link?.alias ?? '';
  // Without TanStack Query, whose runtime is not in this page's first load (issue 11); the same
  // rules as the query client's (shared/api/useRequest.ts).
  const detail = useRequest(
    link ? `join/short-detail/${alias.toLowerCase()}` : null,
    useCallback((signal: AbortSignal) => joinApi.shortDetail(alias, signal), [alias]),
  );
  // A reload within the ticket's lifetime stays admitted.
  const [admission, setAdmission] = useState<JoinAdmission | null>(() =>
    link ? readAdmission(link.alias) : null,
  );
  const [expiredOnJoin, setExpiredOnJoin] = useState(false);

  const view = joinView({
    validLink: link !== null,
    detail: detail.data,
    detailError: detail.error,
    admission,
    expiredOnJoin,
  });

  return {
    view,
    link,
    retry: detail.retry,
    admit: (next: JoinAdmission) => {
      saveAdmission(next);
      // The page stays (its Join button busy) until the room launched with the admission has
      // more than a loader to show: rendering the room route meanwhile held up its signaling.
      const showable = loadedRoom()?.roomShowable(next.ticket) ?? Promise.resolve();
      void showable.then(() => setAdmission(next));
    },
    markExpired: () => setExpiredOnJoin(true),
    leave: () => {
      clearAdmission(alias);
      setAdmission(null);
      void navigate(NAMED_PATHS.main);
    },
  };
}

import { useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { readAdmission } from '../../../shared/session/admission.ts';
import { joinPath } from '../paths.ts';
import { RoomPage } from './RoomPage.tsx';

/**
 * /j/:alias/room. The room needs the admission verify-call gave on the join page (kept per tab);
 * without one — a shared room link, an expired ticket — the person goes through the join page.
 */
export function RoomRoute() {
  const { alias = '' } = useParams();
  return <AdmittedRoom key={alias} alias={alias} />;
}

function AdmittedRoom({ alias }: { alias: string }) {
  // Read once: the ticket only has to be valid to get in, not for the length of the call.
  const [admission] = useState(() => (alias ? readAdmission(alias) : null));
  if (!admission) return <Navigate to={joinPath(alias)} replace />;
  return <RoomPage admission={admission} />;
}

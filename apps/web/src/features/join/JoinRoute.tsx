import { useParams } from 'react-router';
import { JoinPage } from './JoinPage.tsx';

/** A new join link is a new page: state of the previous event must not carry over. */
export function JoinRoute() {
  const { alias } = useParams();
  return <JoinPage key={alias ?? ''} />;
}

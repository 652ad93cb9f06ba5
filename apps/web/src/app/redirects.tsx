import { Navigate, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../features/session/CurrentUser';
import { defaultViewPath } from './core-pending';

/** "/" opens the user's default contact view (SPEC §2). */
export function HomeRedirect() {
  const user = useCurrentUser();
  return <Navigate to={defaultViewPath(user.defaultContactView ?? undefined)} replace />;
}

/** Old profile links: /members/profile/:GTID → /contact/:GTID. */
export function MemberProfileRedirect() {
  const { GTID = '' } = useParams();
  return <Navigate to={`/contact/${encodeURIComponent(GTID)}`} replace />;
}

/** /signin → /login, keeping the query (e.g. next). */
export function SignInRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/login${search}`} replace />;
}

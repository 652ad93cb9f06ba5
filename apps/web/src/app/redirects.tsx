import { redirectFor } from '@leadloom/core';
import { useContext } from 'react';
import { Navigate, useLocation } from 'react-router';
import { CurrentUserContext } from '../features/session/CurrentUser';

/**
 * The redirect-only routes of SPEC §2 ("/" → default view, /members/profile/:GTID →
 * /contact/:GTID, /signin → /login); core decides where each goes. The query is kept, so
 * /signin?next=… still carries its `next`.
 */
export function RouteRedirect() {
  const { pathname, search } = useLocation();
  // "/" is behind the guard and has a user; /signin is open and may not.
  const user = useContext(CurrentUserContext);
  const to = redirectFor(pathname, user?.defaultContactView) ?? '/';
  return <Navigate to={to + search} replace />;
}

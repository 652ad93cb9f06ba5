import { Outlet } from 'react-router';
import { useDocumentTitle } from './titles';

export function RootRoute() {
  useDocumentTitle();
  return <Outlet />;
}

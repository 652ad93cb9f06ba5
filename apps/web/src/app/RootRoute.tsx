import { NavigationGuard } from './guard';
import { useDocumentTitle } from './titles';

export function RootRoute() {
  useDocumentTitle();
  return <NavigationGuard />;
}

import { defineModule } from '../manifest';
import { contactLabelRoutes } from './routes';

export const contactLabelsModule = defineModule({
  name: 'contact-labels',
  api: [contactLabelRoutes],
});

import { defineModule } from '../manifest';
import { contactTagRoutes } from './routes';

export const contactTagsModule = defineModule({
  name: 'contact-tags',
  api: [contactTagRoutes],
});

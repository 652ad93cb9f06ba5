import { defineModule } from '../manifest';
import { contactRoutes } from './routes';

export const contactsModule = defineModule({
  name: 'contacts',
  api: [contactRoutes],
});

import { defineModule } from '../manifest';
import { noteRoutes } from './routes';

export const notesModule = defineModule({
  name: 'notes',
  api: [noteRoutes],
});

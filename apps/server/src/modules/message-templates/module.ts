import { defineModule } from '../manifest';
import { messageTemplateRoutes } from './routes';

export const messageTemplatesModule = defineModule({
  name: 'message-templates',
  api: [messageTemplateRoutes],
});

import { defineModule } from '../manifest';
import { answerRoutes } from './routes';

export const answersModule = defineModule({
  name: 'answers',
  api: [answerRoutes],
});

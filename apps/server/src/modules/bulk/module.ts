import { defineModule } from '../manifest';
import { bulkRoutes, v2BulkRoutes } from './routes';
import { BULK_QUEUE, workBulkJobs } from './service';

export const bulkModule = defineModule({
  name: 'bulk',
  api: [bulkRoutes],
  specPaths: [v2BulkRoutes],
  queues: [BULK_QUEUE],
  start: (services) => workBulkJobs(services.database, services.jobs, services.logger),
});

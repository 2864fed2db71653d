// Development and tests run the server from TypeScript through tsx; a worker
// thread needs tsx registered in it too before it can load the .ts worker.
import { register } from 'tsx/esm/api';

register();
await import('./csv-parse.worker.ts');

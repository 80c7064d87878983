// dist/worker.js: the production worker alone (what dist/main.js hands over to with ROLE=worker).
import { loadConfig } from './config/config';
import { runMain } from './run-main';
import { runWorker } from './worker';

runMain(() => runWorker(loadConfig()));

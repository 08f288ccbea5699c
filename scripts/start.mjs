// `npm start`: builds what changed, then serves the product (API, both apps, Swagger) on one port,
// started again by its supervisor if it stops unexpectedly (scripts/supervise.mjs).
import { build } from './build.mjs';
import { supervise } from './supervise.mjs';

build();
supervise(process.execPath, ['--enable-source-maps', 'api/dist/main.js']);

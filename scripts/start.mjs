// `npm start`: builds what changed, then serves the product (API, both apps, Swagger) on one port.
import { spawn } from 'node:child_process';
import { build } from './build.mjs';

build();
const child = spawn(process.execPath, ['--enable-source-maps', 'api/dist/main.js'], { stdio: 'inherit', env: process.env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Lets a plain `node` child process run the API's TypeScript sources as Jest does (SWC, ES
// modules, decorator metadata): `node --import ./test/swc-loader.mjs test/x.ts`. Used by the
// tests that kill a real API process (a crash is not something one process can do to itself).
import { register } from 'node:module';

register('./swc-hooks.mjs', import.meta.url);

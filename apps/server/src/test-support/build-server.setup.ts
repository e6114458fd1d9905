// Vitest globalSetup (api project): builds the server once per run (scripts/build.mjs), so that the tests that start
// the real server as a process (the crash test) start what `npm start` starts: dist/main.js.
// @ts-expect-error plain ESM build script without types
import { buildServer } from '../../scripts/build.mjs';

export default async function setup() {
  await buildServer();
}

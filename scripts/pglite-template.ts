// Makes the PGlite template new data directories are copied from (db/pglite.ts), when it is
// missing: run by the build scripts, so that the first start on an empty data directory is as
// quick as the later ones (docs/architecture.md "Start-up"). Prints where it is, or why not.
import { ensurePgliteTemplate } from '../db/pglite';

const started = performance.now();
void ensurePgliteTemplate().then((dir) => {
  if (dir) {
    console.log(`PGlite template ready (${Math.round(performance.now() - started)} ms): ${dir}`);
  } else {
    console.warn('No PGlite template could be made: PGlite initialises new data directories.');
  }
});

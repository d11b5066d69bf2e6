#!/usr/bin/env node
// Runs the end-to-end suite one file at a time (`npm run e2e`), or the files named:
//
//   node scripts/e2e.mjs [e2e/x.test.mjs ...]
//
// A file that fails is run once more, alone, on a fresh server and browser. A file that passes
// on that second run is reported as FLAKY by name (with its first failure printed above), and
// the suite passes; a file that fails twice fails the suite. A test that fails only under a
// busy machine's timing is still seen, without one slow frame costing a whole CI run.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const named = process.argv.slice(2);
const files = named.length
  ? named
  : readdirSync('e2e')
      .filter((f) => f.endsWith('.test.mjs'))
      .sort()
      .map((f) => join('e2e', f));

const run = (file) => spawnSync(process.execPath, ['--test', '--test-concurrency=1', file], { stdio: 'inherit' }).status === 0;

const flaky = [];
const failed = [];
for (const file of files) {
  if (run(file)) continue;
  console.log(`\n# ${file} failed; running it once more`);
  if (run(file)) flaky.push(file);
  else failed.push(file);
}

console.log(`\n# e2e files: ${files.length}, passed ${files.length - failed.length}, failed ${failed.length}`);
for (const file of flaky) console.log(`# FLAKY (failed, then passed on its second run): ${file}`);
for (const file of failed) console.log(`# FAILED twice: ${file}`);
process.exit(failed.length ? 1 : 0);

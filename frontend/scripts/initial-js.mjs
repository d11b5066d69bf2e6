// Sums the gzipped JavaScript a browser loads for /login: the entry chunk, everything it
// imports statically, the default language's catalogue and the lazily loaded login screen
// with its own static imports.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
const login = readdirSync(assets).find((f) => /^LoginPage-.*\.js$/.test(f));
// The main catalogue; the lazily loaded ones (sliders.sr-Latn-ME…, app/i18n.ts) load with their screens.
const catalogues = readdirSync(assets).filter((f) => /^sr-Latn-ME-[^.]+\.js$/.test(f));
if (catalogues.length > 1) {
  console.error(`more than one main catalogue chunk: ${catalogues.join(', ')}`);
  process.exit(1);
}
const catalogue = catalogues[0];
if (!entry || !login || !catalogue) {
  console.error('dist/ has no entry or login chunk; run npm run build first');
  process.exit(1);
}

const seen = new Set();
function visit(file) {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[^'"()]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
}
visit(entry);
visit(login);
visit(catalogue);

let total = 0;
const rows = [...seen].map((file) => {
  const gz = gzipSync(readFileSync(join(assets, file))).length;
  total += gz;
  return [file, gz];
});
rows.sort((a, b) => b[1] - a[1]).forEach(([file, gz]) => console.log(`${(gz / 1000).toFixed(2).padStart(8)} kB  ${file}`));
console.log(`${(total / 1000).toFixed(2).padStart(8)} kB  gzipped JavaScript for /login (${seen.size} files)`);
const limit = 200_000;
if (total > limit) {
  console.error(`over the ${limit / 1000} kB budget`);
  process.exit(1);
}

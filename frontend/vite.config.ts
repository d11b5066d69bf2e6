/// <reference types="vitest/config" />
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = resolve(import.meta.dirname, 'dist');

function buildVersion(): string {
  if (process.env.VITRINA_VERSION) return process.env.VITRINA_VERSION;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

function buildDate(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
}

// The Go side embeds dist/; the placeholder keeps that directory in git even though
// Vite empties it before every build.
function keepGitkeep(): Plugin {
  return {
    name: 'vitrina-keep-gitkeep',
    apply: 'build',
    closeBundle() {
      writeFileSync(resolve(outDir, '.gitkeep'), '');
    },
  };
}

// PrimeReact's Calendar imports the input-mask helper of primereact/utils for its `mask` prop,
// which no field here sets; served a copy of the utils without it, the helper is no longer kept
// in the utils module the login page loads.
function calendarWithoutMask(): Plugin {
  const shim = resolve(import.meta.dirname, 'src/shared/ui/calendarUtils.ts');
  return {
    name: 'vitrina-calendar-without-mask',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'primereact/utils' && importer && /[\\/]primereact[\\/]calendar[\\/]/.test(importer)) return shim;
      return null;
    },
  };
}

const backend = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), keepGitkeep(), calendarWithoutMask()],
  define: {
    // draft-js (the rich-text editor) reads Node's `global`; without this the built page throws.
    global: 'globalThis',
    __BUILD_VERSION__: JSON.stringify(buildVersion()),
    __BUILD_DATE__: JSON.stringify(buildDate()),
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    modulePreload: {
      // A lazily loaded screen's own imports are fetched when its chunk asks for them; only
      // its stylesheets are listed ahead (they must load with it). Listing every chunk's
      // JavaScript too put 1.2 kB (gzipped) of file names into the entry the login page loads.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css'))),
    },
  },
  server: {
    proxy: {
      '/api': backend,
      '/healthz': backend,
      '/readyz': backend,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A dialog test drives many async steps; on a loaded two-core machine 5 s is too tight.
    testTimeout: 20000,
  },
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { leaveOutContractSummaries } from './src/app/contract-summaries.js';
import { laterStylesFor, mantineImportsOf } from './src/app/mantine-later-styles.js';

/**
 * Mantine components the first loads draw import big libraries for one small part, or for a
 * variant the app does not draw: its ScrollArea (in dialogs and selects) takes only useMergeRefs
 * from @floating-ui/react; AppShell's header, footer and aside only RemoveScroll's class names from
 * react-remove-scroll; Table's scroll container imports ScrollArea for its default type, which the
 * theme replaces by the browser's own scrolling (type="native"). Whole, those came with the first
 * load (about 14, 4 and 5 kB gzip) though only menus, popovers, tooltips and modals, which load
 * later, need them; AppShell also brings its aside and footer and their CSS variable builders,
 * which the shell never draws (about 0.3 kB gzip). zod's schema classes likewise load its JSON
 * Schema generator and its table of English messages, which only the server uses. For these
 * importers only, each import resolves to a stand-in in src/lib/stand-ins; every other importer
 * still gets the library.
 */
const standIns: { importer: RegExp; source: string; standIn: string }[] = [
  {
    importer: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    source: '@floating-ui/react',
    standIn: 'src/lib/stand-ins/merge-refs.ts',
  },
  {
    importer: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]/,
    source: 'react-remove-scroll',
    standIn: 'src/lib/stand-ins/remove-scroll.ts',
  },
  {
    importer: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/,
    source: '../ScrollArea/ScrollArea.mjs',
    standIn: 'src/lib/stand-ins/table-scroll-area.ts',
  },
  ...['./AppShellAside/AppShellAside.mjs', './AppShellFooter/AppShellFooter.mjs'].map((source) => ({
    importer: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell\.mjs$/,
    source,
    standIn: 'src/lib/stand-ins/app-shell-aside-footer.ts',
  })),
  ...['aside', 'footer'].map((part) => ({
    importer:
      /@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShellMediaStyles[\\/]get-variables[\\/]/,
    source: `../assign-${part}-variables/assign-${part}-variables.mjs`,
    standIn: 'src/lib/stand-ins/app-shell-aside-footer.ts',
  })),
  {
    importer: /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/,
    source: '../locales/en.js',
    standIn: 'src/lib/stand-ins/zod-locale.ts',
  },
  ...['../core/json-schema-processors.js', '../core/to-json-schema.js'].map((source) => ({
    importer: /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/,
    source,
    standIn: 'src/lib/stand-ins/zod-json-schema.ts',
  })),
];

function lightImports(): Plugin {
  return {
    name: 'mergeboard-light-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      const match = standIns.find((entry) => entry.source === source && entry.importer.test(importer ?? ''));
      return match ? fileURLToPath(new URL(match.standIn, import.meta.url)) : null;
    },
  };
}

/**
 * Adds the stylesheets of the Mantine components no first load draws (src/app/mantine-later-styles.ts)
 * to each app module that imports one, so they load with that module's chunk.
 */
function laterStyles(): Plugin {
  const appSource = /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/;
  return {
    name: 'mergeboard-later-styles',
    enforce: 'pre',
    transform(code, id) {
      if (!appSource.test(id)) return null;
      const sheets = laterStylesFor(mantineImportsOf(code));
      if (sheets.length === 0) return null;
      // Prepended on the first line, so that no other line moves.
      return sheets.map((sheet) => `import '@mantine/core/styles/${sheet}.css';`).join('') + code;
    },
  };
}

/**
 * Mantine components the sign-in page and the signed-in shell both draw: in the shared chunk
 * rather than in a dozen chunks of a few hundred bytes each (measured with bench/bundle.mjs).
 */
const everyScreenComponents = [
  'Box',
  'Text',
  'Stack',
  'Group',
  'Title',
  'Alert',
  'Paper',
  'Anchor',
  'Loader',
  'Center',
  'Divider',
  'CloseButton',
  'UnstyledButton',
  'Transition',
];

/** The folders of packages/core whose contracts and rules sign-in and every signed-in page use. */
const sharedCore = [
  'auth',
  'users',
  'contracts',
  'http',
  'constants',
  'spaces',
  'permissions',
  'list',
  // The install content's schemas, which the app's configuration (src/config/env.ts) checks.
  'install',
];

/**
 * Each lazy import carries the list of chunks to preload with it (Vite's __vite__mapDeps). The
 * entry and its static imports are always loaded by the time any lazy import runs, so naming them
 * again preloads nothing: this leaves them out of every list, which makes the entry and each chunk
 * that loads another smaller (measured with bench/bundle.mjs). The bundle is read in a
 * generateBundle hook that runs before Vite's own writes those lists.
 */
function preloadsOnlyWhatIsMissing() {
  let loadedWithEntry = new Set<string>();
  const plugin: Plugin = {
    name: 'mergeboard-preloads-only-what-is-missing',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        loadedWithEntry = new Set();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || loadedWithEntry.has(fileName)) return;
          loadedWithEntry.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
    // The page's own <link rel="modulepreload"> tags (hostType html) are how the entry's imports load.
    hostType === 'html' ? deps : deps.filter((dep) => !loadedWithEntry.has(dep));
  return { plugin, resolveDependencies };
}

const preloads = preloadsOnlyWhatIsMissing();

/** The Fastify server (apps/server) listens on PORT, 8080 by default. */
const serverUrl = 'http://localhost:8080';

export default defineConfig({
  // Absolute root so the config behaves the same whether run from the repo root or apps/web.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), lightImports(), laterStyles(), leaveOutContractSummaries(), preloads.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each source module to its chunk and that chunk's static
    // imports; bench/bundle.mjs walks it to weigh what a page's first load fetches.
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    rolldownOptions: {
      // @mergeboard/core is contracts and pure functions, but its package.json does not say so:
      // without this, every contract any screen uses (and its zod schemas) came with the entry
      // through core's index. Drop this once core declares "sideEffects": false itself.
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]core[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        // One chunk for the code every page runs: the framework (React, the router, TanStack Query,
        // zod, Mantine's runtime and the small components nearly every screen draws) and the app's
        // own shared core (src/lib, src/config and the contracts of sign-in, the user, spaces,
        // permissions and lists). The automatic split cut it into dozens of chunks of a few hundred
        // bytes each, which gzip worse (measured with bench/bundle.mjs); the framework part also
        // stays cached across releases that change only the app.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: new RegExp(
                [
                  String.raw`node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zod)[\\/]`,
                  String.raw`node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core|components[\\/](${everyScreenComponents.join('|')}))[\\/]`,
                  // Mantine's hooks the shell and its dialogs use: three chunks of a few hundred bytes each.
                  String.raw`node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/](use-uncontrolled|use-window-event|use-disclosure)[\\/]`,
                  // (AppShell's stand-in loads with the shell's chunk, its only importer.)
                  String.raw`apps[\\/]web[\\/]src[\\/](lib[\\/](?!stand-ins[\\/]app-shell)|config[\\/])`,
                  // The entry's own small helpers, which both first loads fetched as four chunks.
                  String.raw`apps[\\/]web[\\/]src[\\/](ui[\\/](centered-page|use-is-mobile)|features[\\/](auth[\\/]components[\\/]auth-context|spaces[\\/]components[\\/]space-context))\.tsx?$`,
                  String.raw`packages[\\/]core[\\/]src[\\/](${sharedCore.join('|')})[\\/]`,
                ].join('|'),
              ),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': serverUrl,
      '/healthz': serverUrl,
      '/auth': serverUrl,
      // The built-in local OpenID issuer's pages (sign-in with the local provider under `vite dev`).
      '/oidc': serverUrl,
      // Tracking hits in merge messages (pixel, click, poll, unsubscribe); a regex, since '/u' alone
      // would also take the app's /unsubscribed and /users pages.
      '^/(o|c|p|u)/': serverUrl,
    },
  },
});

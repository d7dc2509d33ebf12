import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    // Exactly the shim; recharts' `shim/with-selector` (the back office's charts) is pointed at the
    // variant for React 18 and later, which asks React itself rather than the shim.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  build: isSsrBuild
    ? // The server's renderer (src/entry-server.tsx): one module, dependencies from node_modules.
      { target: 'node20', outDir: 'dist-server', emptyOutDir: true, sourcemap: false }
    : {
        target: 'es2022',
        manifest: true,
        sourcemap: false,
        chunkSizeWarningLimit: 400,
        modulePreload: {
          // No polyfill: every browser we serve preloads modules itself (Safari since 17.2);
          // an older one fetches a screen's imports as it reaches them. 350 bytes off every page.
          polyfill: false,
          // Every page carries the list of what each screen's code imports, so opening a screen
          // fetches it all at once. The back office's screens are left off that list (their code
          // then fetches its own imports): staff pay a moment once, visitors carry 1.5 KB less.
          // The signed-in person's own screens (CV, profile, notifications, consultations,
          // applications) likewise: a visitor's first page does not carry their lists either.
          resolveDependencies: (filename, deps) =>
            filename.includes('/staff-') || filename.includes('/mine-') ? [] : deps,
        },
        rollupOptions: {
          output: {
            // The back office's screens and layout by a name of their own (see modulePreload).
            chunkFileNames: (chunk) =>
              /\/src\/app\/(routes\/admin\/|layouts\/admin-layout|admin-redirect|admin-routes)/.test(
                chunk.facadeModuleId ?? '',
              )
                ? 'assets/staff-[name]-[hash].js'
                : /\/src\/app\/routes\/(cv|profile|notifications|consultations|applications)\.tsx$/.test(
                      chunk.facadeModuleId ?? '',
                    )
                  ? 'assets/mine-[name]-[hash].js'
                  : 'assets/[name]-[hash].js',
            // What every page needs, in one long-cached file instead of a dozen small ones.
            manualChunks(id) {
              if (
                /node_modules\/(react|react-dom|scheduler|react-router|i18next|react-i18next|cookie|set-cookie-parser)\//.test(
                  id,
                )
              ) {
                return 'framework';
              }
              // The data cache, one file for the screens that use it.
              if (/node_modules\/@tanstack\//.test(id)) return 'query';
              // The home page's icons, which other screens share too: one small file, not four.
              if (
                /@tabler\/icons-react\/dist\/esm\/icons\/Icon(EPassport|PlaneDeparture|Briefcase|MapPin)\.mjs$/.test(id)
              ) {
                return 'home-icons';
              }
              // The typed dates' reading goes with the dates' writing: the trip filters use both,
              // and one file name less rides in every page's preload lists (decision 029).
              if (/\/(shared\/src\/dates|web\/src\/lib\/forms\/typed-date)\.ts$/.test(id)) return 'dates';
              // The app's own always-present modules (layout, session, language, currency), together.
              if (
                /\/(web|shared)\/src\/(app\/(main|providers|router|guards|route-error|use-document-title|page-scroll)|app\/layouts\/(public-|footer|nav-items)|components\/(logo|notify|page-loader|error-fallback|crash-boundary)|features\/(language|currency)\/|features\/auth\/login-panel-context|lib\/(api-client|i18n|storage|ssr)|(contact|i18n|money|routes|auth-rules|pictures)\.ts)/.test(
                  id,
                )
              ) {
                return 'app';
              }
              return undefined;
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
}));

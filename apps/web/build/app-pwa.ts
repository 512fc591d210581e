// The installable app: the web app manifest, its icons (drawn from the board at build time) and
// the Workbox service worker built from src/sw/sw.ts with the precache list injected.
import { getVariant } from '@fg/rules';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { appIcons } from './app-icons';

/** The light and dark theme colours (app.css `--accent` and the dark background). */
const THEME = { light: '#9a3b0c', dark: '#1b1814', background: '#faf7f0' } as const;

/** The plugins: the icons emitted into the build, then vite-plugin-pwa. */
export function appPwa(): Plugin[] {
  const standard = getVariant('standard');
  if (!standard.ok) throw new Error(standard.error.message);
  const icons = appIcons(standard.value);
  const iconPlugin: Plugin = {
    name: 'fg-app-icons',
    apply: 'build',
    generateBundle() {
      for (const icon of icons) this.emitFile({ type: 'asset', fileName: icon.fileName, source: icon.png });
    },
  };
  return [
    iconPlugin,
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false, // src/register-sw.ts registers it after the load
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'Fox and Geese',
        short_name: 'Fox & Geese',
        description: 'Play Fox and Geese online with a friend or the computer, analyse games, and play offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: THEME.background,
        theme_color: THEME.light,
        icons: icons.map((icon) => ({
          src: `/${icon.fileName}`,
          sizes: `${icon.size}x${icon.size}`,
          type: 'image/png',
          purpose: icon.purpose,
        })),
      },
      injectManifest: {
        rollupFormat: 'iife', // a classic worker script: registered without { type: 'module' }
        globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
        globIgnores: ['**/*.br', '**/*.gz'],
        // The shell's index.html changes with every build, the rest is content-hashed.
        dontCacheBustURLsMatching: /^assets\//,
      },
      devOptions: { enabled: false },
    }),
  ];
}

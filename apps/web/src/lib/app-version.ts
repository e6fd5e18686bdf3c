declare const __APP_VERSION__: number | undefined;

/**
 * When this bundle was built, in Unix seconds. `vite.config.ts` defines it and writes
 * the same number to `dist/version.json`, which the server answers on `GET /version.json`. 0 outside a build.
 */
export const BUILD_VERSION: number = typeof __APP_VERSION__ === 'number' ? __APP_VERSION__ : 0;

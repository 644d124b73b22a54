/// <reference types="vite/client" />

/** The build this bundle belongs to, written by vite.config.ts (also served as /version.json). */
declare const __APP_BUILD__: { version: string; builtAt: string };

/// <reference types="vite/client" />

declare const __BUILD_VERSION__: string;
declare const __BUILD_DATE__: string;

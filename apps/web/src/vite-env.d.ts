/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_CORE_API?: string;
  readonly VITE_OPS_API?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The access-token request public/early-session.js starts before the app's code has loaded. */
interface Window {
  __openrescueEarlyToken?: { url: string; response: Promise<Response> };
}

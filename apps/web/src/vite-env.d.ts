interface ImportMetaEnv {
  /** Origin of the API when it is not served with the web app; empty means same origin. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

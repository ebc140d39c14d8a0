import '@testing-library/jest-dom/vitest';
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetInstanceSettings } from '../lib/instance';
import { server } from './msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from './page-load-timeout';

// jsdom has no layout: nothing scrolls (the router's scroll restoration would log on every
// navigation) and nothing is ever resized (Headless UI's menus observe their size).
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
globalThis.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Node 24's fetch (which MSW answers through) builds and parses multipart bodies with the global
// File, Blob and FormData and brand-checks them: jsdom's own classes would lose the bytes of every
// upload, so the tests run with Node's, as a browser has one set.
globalThis.Blob = NodeBlob as unknown as typeof Blob;
globalThis.File = NodeFile as unknown as typeof File;
const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
const JsdomFormData = globalThis.FormData;
// Node's FormData cannot read a form element: jsdom's reads it, Node's carries the entries.
globalThis.FormData = class extends NodeFormData {
  constructor(form?: HTMLFormElement, submitter?: HTMLElement | null) {
    super();
    if (form) for (const [name, value] of new JsdomFormData(form, submitter)) this.append(name, value);
  }
};

// Route modules load lazily; on a busy two-core CI machine the first import can take seconds.
configure({ asyncUtilTimeout: PAGE_LOAD_TIMEOUT_MS });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
  forgetInstanceSettings();
});

afterAll(() => server.close());

import { STORAGE_KEYS } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import INDEX_HTML from '../../../index.html?raw';
import { errorResponse } from '../../test/error-response';
import { ANN_TOKEN } from '../../test/fixtures';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { dropEarlySignIn } from './early-sign-in';

/** Does what index.html does before any file arrives: its sign-in template and the script showing it. */
function openIndexHtml(path: string) {
  window.history.replaceState(null, '', path);
  const page = new DOMParser().parseFromString(INDEX_HTML, 'text/html');
  const template = page.getElementById('early-sign-in');
  const script = template?.nextElementSibling;
  if (!template || script?.tagName !== 'SCRIPT') throw new Error('index.html: no script after the template');
  document.body.prepend(document.importNode(template, true));
  new Function(script.textContent ?? '')();
  return document.getElementById('early-sign-in');
}

function earlyForm() {
  const page = document.getElementById('early-sign-in');
  if (!page) throw new Error('the early sign-in form is not shown');
  return within(page);
}

const takenOver = () => vi.waitFor(() => expect(document.getElementById('early-sign-in')).toBeNull());

afterEach(() => {
  dropEarlySignIn();
  document.getElementById('early-sign-in')?.remove();
  window.history.replaceState(null, '', '/');
});

describe("index.html's sign-in form", () => {
  it('is shown on /login to a visitor only, with the session-expired message when asked', () => {
    expect(openIndexHtml('/post/3')).toBeNull();
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    expect(openIndexHtml('/login')).toBeNull();
    expect(document.documentElement).not.toHaveClass('early-sign-in');
    localStorage.clear();
    expect(openIndexHtml('/login?error=Denied')).toBeNull();

    expect(openIndexHtml('/login?expired=true')).not.toBeNull();
    expect(document.documentElement).toHaveClass('early-sign-in');
    expect(earlyForm().getByRole('status')).toHaveTextContent(
      'Your session has expired. Please log in again.',
    );
  });

  it("has the names of the app's sign-in page", async () => {
    document.title = 'Pathwise';
    openIndexHtml('/login');
    const early = earlyForm();
    const names = (items: HTMLElement[]) => items.map((item) => item.textContent?.trim());
    const earlyNames = {
      heading: early.getByRole('heading', { level: 1 }).textContent,
      fields: [early.getByLabelText('Email address'), early.getByLabelText('Password')].map((f) => [
        f.getAttribute('name'),
        f.getAttribute('type'),
        f.getAttribute('autocomplete'),
      ]),
      links: names(early.getAllByRole('link')),
      buttons: names(early.getAllByRole('button')),
    };
    const earlyTitle = document.title;
    expect(earlyTitle).not.toBe('Pathwise');
    dropEarlySignIn();
    document.title = 'Pathwise';
    renderApp('/login');

    const heading = await screen.findByRole('heading', { level: 1 });
    await vi.waitFor(() => expect(document.title).toBe(earlyTitle));
    expect(heading).toHaveTextContent(earlyNames.heading ?? '');
    const fields = [screen.getByLabelText('Email address'), screen.getByLabelText('Password')];
    expect(
      fields.map((f) => ['name', 'type', 'autocomplete'].map((attribute) => f.getAttribute(attribute))),
    ).toEqual(earlyNames.fields);
    expect(names(screen.getAllByRole('link'))).toEqual(earlyNames.links);
    expect(earlyNames.buttons).toEqual(['Sign In', 'Sign up']);
    for (const name of earlyNames.buttons) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('hands what was typed, the focus and the caret over to the app, and nothing is sent', async () => {
    const login = vi.fn(() => HttpResponse.json({ accessToken: ANN_TOKEN, tokenType: 'Bearer' }));
    server.use(http.post('/api/auth/login', login));
    openIndexHtml('/login');
    const user = userEvent.setup();
    await user.type(earlyForm().getByLabelText('Email address'), 'ann@example.com');
    const password = earlyForm().getByLabelText('Password') as HTMLInputElement;
    await user.type(password, 'secret1');
    password.setSelectionRange(2, 4);

    renderApp('/login');
    await takenOver();

    expect(screen.getByLabelText('Email address')).toHaveValue('ann@example.com');
    const appPassword = screen.getByLabelText('Password') as HTMLInputElement;
    expect(appPassword).toHaveValue('secret1');
    expect(appPassword).toHaveFocus();
    expect([appPassword.selectionStart, appPassword.selectionEnd]).toEqual([2, 4]);
    expect(document.documentElement).not.toHaveClass('early-sign-in');
    expect(login).not.toHaveBeenCalled();
  });

  it('holds a submit, by click or Enter, until the app sends it: one request, no native submission', async () => {
    // Refused, so that the page stays: what it shows is the answer to the one request it sent.
    const login = vi.fn(async ({ request }: { request: Request }) => {
      expect(await request.json()).toEqual({ email: 'ann@example.com', password: 'secret1' });
      return errorResponse(400, 'Invalid email or password')();
    });
    server.use(http.post('/api/auth/login', login));
    openIndexHtml('/login');
    const form = document.querySelector('#early-sign-in form') as HTMLFormElement;
    const nativeSubmissions = vi.fn();
    form.addEventListener('submit', (event) => {
      if (!event.defaultPrevented) nativeSubmissions();
    });
    const user = userEvent.setup();
    await user.type(earlyForm().getByLabelText('Email address'), 'ann@example.com');
    await user.type(earlyForm().getByLabelText('Password'), 'secret1{Enter}');
    await user.click(earlyForm().getByRole('button', { name: 'Processing...' }));
    expect(earlyForm().getByRole('button', { name: 'Processing...' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    renderApp('/login');
    await takenOver();

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(login).toHaveBeenCalledTimes(1);
    expect(nativeSubmissions).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull();
  });

  it('checks the fields of a held submit with the contract messages once the app is there', async () => {
    openIndexHtml('/login');
    const user = userEvent.setup();
    await user.click(earlyForm().getByRole('button', { name: 'Sign In' }));

    renderApp('/login');
    await takenOver();

    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('holds a click on "Sign up" until the app shows the sign-up form', async () => {
    openIndexHtml('/login');
    const user = userEvent.setup();
    await user.click(earlyForm().getByRole('button', { name: 'Sign up' }));

    renderApp('/login');
    await takenOver();

    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
  });
});

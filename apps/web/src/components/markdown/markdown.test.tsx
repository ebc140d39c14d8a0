import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactElement, useState } from 'react';
import { createMemoryRouter, RouterProvider, useParams } from 'react-router';
import { expect, it } from 'vitest';
import { PAGE_LOAD_TIMEOUT_MS } from '../../test/page-load-timeout';
import { Markdown } from './markdown';
import { MarkdownTabs } from './markdown-tabs';

const WRITTEN = [
  '## Week 3',
  '',
  'Learning **hooks** with @annlee, see [the docs](https://react.dev/learn) or [this](javascript:alert(1)).',
  '',
  '- [x] useState',
  '- [ ] useEffect',
  '',
  '| hook | use |',
  '| --- | --- |',
  '| useMemo | caching |',
  '',
  '<img src="x" onerror="alert(1)"><script>alert(2)</script>',
].join('\n');

it('renders CommonMark with GitHub tables and task lists', async () => {
  const { container } = renderInRouter(<Markdown text={WRITTEN} />);

  // A level below what was written: the page's own title is its one h1.
  expect(await screen.findByRole('heading', { level: 3, name: 'Week 3' })).toBeInTheDocument();
  expect(screen.getByText('hooks').tagName).toBe('STRONG');
  expect(container).toHaveTextContent('with @annlee, see');
  expect(screen.getByRole('table')).toHaveTextContent('useMemocaching');
  const tasks = screen.getAllByRole('checkbox');
  expect(tasks.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
});

it('makes a written top-level heading an h2, leaving the page its one h1', async () => {
  const { container } = renderInRouter(<Markdown text={'# Rust\n\n## Ownership'} />);

  expect(await screen.findByRole('heading', { level: 2, name: 'Rust' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 3, name: 'Ownership' })).toBeInTheDocument();
  expect(container.querySelector('h1')).toBeNull();
});

it('drops raw HTML and javascript: addresses, and opens links with rel="nofollow ugc noopener"', async () => {
  const { container } = renderInRouter(<Markdown text={WRITTEN} />);

  const docs = await screen.findByRole('link', { name: 'the docs' });
  expect(docs).toHaveAttribute('href', 'https://react.dev/learn');
  expect(docs).toHaveAttribute('rel', 'nofollow ugc noopener');
  expect(docs).toHaveAttribute('target', '_blank');
  expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  expect(container.querySelector('script, img')).toBeNull();
  expect(container.innerHTML).not.toContain('onerror');
});

it("links @mentions to the person's profile at /@handle, in the app, as the server recognises them", async () => {
  const { container } = renderInRouter(
    <Markdown
      text={[
        'Thanks @AnnLee and **@bob_s**, mail ann@example.com, ask @ab or [@carl](https://example.com).',
        '',
        'Inline `@dana` stays code:',
        '',
        '```',
        '@erin',
        '```',
      ].join('\n')}
    />,
  );

  const ann = await screen.findByRole('link', { name: '@AnnLee' });
  expect(ann).toHaveAttribute('href', '/@annlee');
  expect(ann).not.toHaveAttribute('target');
  expect(ann).not.toHaveAttribute('rel');
  expect(screen.getByRole('link', { name: '@bob_s' })).toHaveAttribute('href', '/@bob_s');
  expect(screen.getByRole('link', { name: '@bob_s' }).parentElement?.tagName).toBe('STRONG');
  expect(screen.getByRole('link', { name: '@carl' })).toHaveAttribute('href', 'https://example.com');
  expect(container.querySelector('code a, pre a')).toBeNull();
  expect(container).toHaveTextContent('ask @ab or');
  expect(container).toHaveTextContent('Inline @dana stays code');
  expect(container.querySelector('pre')).toHaveTextContent('@erin');
  // The e-mail address is GFM's autolink, not a mention; @ab is too short to be a handle.
  expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
    '@AnnLee',
    '@bob_s',
    'ann@example.com',
    '@carl',
  ]);

  await userEvent.setup().click(ann);
  expect(await screen.findByText('Profile of @annlee')).toBeInTheDocument();
});

it('links @name@server to the search that finds them elsewhere, and leaves e-mail addresses be', async () => {
  const { container } = renderInRouter(
    <Markdown
      text={'Ask @Mallory@Social.Example or @eve@127.0.0.1:8080, mail ann@example.com, `@dan@x.org`'}
    />,
  );

  const mallory = await screen.findByRole('link', { name: '@Mallory@Social.Example' });
  expect(mallory).toHaveAttribute('href', '/search?q=%40mallory%40social.example');
  expect(mallory).not.toHaveAttribute('target');
  expect(screen.getByRole('link', { name: '@eve@127.0.0.1:8080' })).toHaveAttribute(
    'href',
    '/search?q=%40eve%40127.0.0.1%3A8080',
  );
  expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute(
    'href',
    'mailto:ann@example.com',
  );
  expect(container.querySelector('code')).toHaveTextContent('@dan@x.org');
  expect(container.querySelector('code a')).toBeNull();
});

it('shows the words of a card excerpt as one paragraph, links as their text (cards are links)', async () => {
  const { container } = render(
    <Markdown
      text={'# Notes\n\nRead [the docs](https://react.dev) and **practise**.\n\n- one\n- two'}
      compact
    />,
  );

  await waitFor(() => expect(container.querySelector('strong')).toHaveTextContent('practise'));
  expect(container.querySelectorAll('p')).toHaveLength(1);
  expect(container.querySelector('a, h1, ul')).toBeNull();
  expect(container).toHaveTextContent('Notes Read the docs and practise. one two');
});

it('shows fenced code at once, then coloured by the grammar of its language', async () => {
  const { container } = render(<Markdown text={'```ts\nconst answer: number = 42;\n```'} />);

  const block = await waitFor(() => {
    const pre = container.querySelector('pre');
    expect(pre).not.toBeNull();
    return pre!;
  });
  expect(block).toHaveTextContent('const answer: number = 42;');
  // A long line scrolls inside the block, so a keyboard must be able to reach and scroll it.
  expect(screen.getByRole('region', { name: 'Code: ts' })).toBe(block);
  expect(block).toHaveAttribute('tabindex', '0');
  // Shiki and the grammar are lazy modules, imported like a lazy page (see PAGE_LOAD_TIMEOUT_MS). The
  // keyword is a token of its own once the grammar applies; on a busy machine Shiki's time limit per line
  // may leave the rest of the line in one token, so only the keyword is certain.
  await waitFor(
    () => {
      const coloured = [...block.querySelectorAll('span[style*="--shiki-light"]')];
      expect(coloured.map((span) => span.textContent)).toContain('const');
    },
    { timeout: PAGE_LOAD_TIMEOUT_MS },
  );
  expect(block).toHaveTextContent('const answer: number = 42;');
});

it('leaves code in a language it has no grammar for as plain text', async () => {
  const { container } = render(<Markdown text={'```klingon\nqapla\n```'} />);

  await waitFor(() => expect(container.querySelector('pre')).toHaveTextContent('qapla'));
  expect(container.querySelector('pre span')).toBeNull();
});

/** Mentions link within the app, so text that has them needs a router around it. */
function renderInRouter(element: ReactElement) {
  const router = createMemoryRouter([
    { path: '/', element },
    { path: '/:handle', element: <ProfileEcho /> },
  ]);
  return render(<RouterProvider router={router} />);
}

function ProfileEcho() {
  const { handle } = useParams();
  return <p>Profile of {handle}</p>;
}

function Editor() {
  const [text, setText] = useState('');
  return (
    <MarkdownTabs text={text}>
      <label>
        Content
        <textarea value={text} onChange={(event) => setText(event.target.value)} />
      </label>
    </MarkdownTabs>
  );
}

it('switches between Write and Preview with the keyboard, keeping what was written', async () => {
  const user = userEvent.setup();
  render(<Editor />);
  const tabs = screen.getByRole('tablist', { name: 'Write or preview' });
  const write = within(tabs).getByRole('tab', { name: 'Write' });
  expect(write).toHaveAttribute('aria-selected', 'true');

  await user.type(screen.getByRole('textbox', { name: 'Content' }), 'Some **bold** words');
  await user.click(write);
  await user.keyboard('{ArrowRight}');

  const preview = within(tabs).getByRole('tab', { name: 'Preview' });
  expect(preview).toHaveAttribute('aria-selected', 'true');
  expect(preview).toHaveFocus();
  expect((await screen.findByText('bold')).tagName).toBe('STRONG');

  await user.keyboard('{ArrowLeft}');
  expect(screen.getByRole('textbox', { name: 'Content' })).toHaveValue('Some **bold** words');
});

it('says when there is nothing to preview', async () => {
  const user = userEvent.setup();
  render(<Editor />);

  await user.click(screen.getByRole('tab', { name: 'Preview' }));

  expect(screen.getByRole('tabpanel')).toHaveTextContent('Nothing to preview');
});

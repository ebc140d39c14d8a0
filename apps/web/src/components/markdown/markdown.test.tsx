import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

it('renders CommonMark with GitHub tables and task lists, keeping @mentions as written', async () => {
  const { container } = render(<Markdown text={WRITTEN} />);

  expect(await screen.findByRole('heading', { level: 2, name: 'Week 3' })).toBeInTheDocument();
  expect(screen.getByText('hooks').tagName).toBe('STRONG');
  expect(container).toHaveTextContent('with @annlee, see');
  expect(screen.getByRole('table')).toHaveTextContent('useMemocaching');
  const tasks = screen.getAllByRole('checkbox');
  expect(tasks.map((box) => (box as HTMLInputElement).checked)).toEqual([true, false]);
});

it('drops raw HTML and javascript: addresses, and opens links with rel="nofollow ugc noopener"', async () => {
  const { container } = render(<Markdown text={WRITTEN} />);

  const docs = await screen.findByRole('link', { name: 'the docs' });
  expect(docs).toHaveAttribute('href', 'https://react.dev/learn');
  expect(docs).toHaveAttribute('rel', 'nofollow ugc noopener');
  expect(docs).toHaveAttribute('target', '_blank');
  expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  expect(container.querySelector('script, img')).toBeNull();
  expect(container.innerHTML).not.toContain('onerror');
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
  // Shiki and the grammar are lazy modules, imported like a lazy page (see PAGE_LOAD_TIMEOUT_MS).
  await waitFor(
    () => expect(block.querySelectorAll('span[style*="--code-light"]').length).toBeGreaterThan(3),
    {
      timeout: PAGE_LOAD_TIMEOUT_MS,
    },
  );
  expect(block).toHaveTextContent('const answer: number = 42;');
});

it('leaves code in a language it has no grammar for as plain text', async () => {
  const { container } = render(<Markdown text={'```klingon\nqapla\n```'} />);

  await waitFor(() => expect(container.querySelector('pre')).toHaveTextContent('qapla'));
  expect(container.querySelector('pre span')).toBeNull();
});

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

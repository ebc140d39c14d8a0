import { TAG_MESSAGES } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { expect, it } from 'vitest';
import { server } from '../test/msw-server';
import { TagEditor } from './tag-editor';

function Editor({ initial }: { initial: string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagEditor value={tags} onChange={setTags} />
      <output aria-label="Value">{tags.join(',')}</output>
    </>
  );
}

function renderEditor(initial: string[] = []) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Editor initial={initial} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), input: () => screen.getByRole('combobox', { name: 'Tags' }) };
}

const value = () => screen.getByLabelText('Value').textContent;

it('suggests the tags in use, most used first, then the typed one, and adds one chosen with the arrow keys and Enter', async () => {
  server.use(
    http.get('/api/tags', ({ request }) =>
      new URL(request.url).searchParams.get('prefix') === 'ty'
        ? HttpResponse.json([
            { name: 'typescript', uses: 12 },
            { name: 'types', uses: 3 },
          ])
        : HttpResponse.json([]),
    ),
  );
  const { user, input } = renderEditor();

  await user.type(input(), '#ty');
  const options = await screen.findAllByRole('option');
  expect(options.map((option) => option.textContent)).toEqual([
    '#typescript12 uses',
    '#types3 uses',
    '#tynew tag',
  ]);
  // The first is active as soon as the list opens: Enter takes it, the arrow keys move on.
  await user.keyboard('{ArrowDown}{Enter}');
  expect(value()).toBe('types');
  expect(input()).toHaveValue('');
  await user.type(input(), 'ty');
  await screen.findByRole('option', { name: /#typescript/ });
  await user.keyboard('{Enter}');

  expect(value()).toBe('types,typescript');
  expect(screen.getByRole('button', { name: 'Remove #typescript' })).toBeInTheDocument();
});

it('offers a new tag as typed, says what is wrong with a bad one, and stops at four', async () => {
  server.use(http.get('/api/tags', () => HttpResponse.json([])));
  const { user, input } = renderEditor(['a1', 'b2', 'c3']);

  await user.type(input(), 'x!');
  expect(screen.getByRole('alert')).toHaveTextContent(TAG_MESSAGES.invalid);
  await user.clear(input());
  await user.type(input(), 'Rust');
  expect(await screen.findByRole('option', { name: /#rust/ })).toHaveTextContent('new tag');
  await user.keyboard('{ArrowDown}{Enter}');

  expect(value()).toBe('a1,b2,c3,rust');
  expect(input()).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Remove #b2' }));
  expect(value()).toBe('a1,c3,rust');
  expect(input()).toBeEnabled();
});

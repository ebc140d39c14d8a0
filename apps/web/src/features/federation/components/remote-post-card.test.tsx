import { REMOTE_FOLLOW_MESSAGES, type RemotePost } from '@pathwise/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render as renderNode, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { server } from '../../../test/msw-server';
import { remotePostFixture } from '../test/fixtures';
import { RemotePostCard } from './remote-post-card';

const render = (node: ReactNode) =>
  renderNode(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );

describe('RemotePostCard', () => {
  it('shows the author by @name@server, marks the server, and links to the original', () => {
    render(<RemotePostCard post={remotePostFixture()} />);
    const card = within(screen.getByRole('article', { name: 'Post by Ann Elsewhere' }));
    expect(card.getByRole('link', { name: 'Ann Elsewhere' })).toHaveAttribute(
      'href',
      'https://social.example/@ann',
    );
    expect(card.getByText('@ann@social.example')).toBeInTheDocument();
    expect(card.getByText('On social.example')).toBeInTheDocument();
    expect(card.getByText('Rust').tagName).toBe('EM');
    expect(card.getByRole('time')).toHaveAttribute('dateTime', '2026-01-06T10:00:00.000Z');
    const original = card.getByRole('link', { name: /^View original/ });
    expect(original).toHaveAttribute('href', 'https://social.example/@ann/110');
    expect(original).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(original).toHaveAttribute('target', '_blank');
    // No Save: the post is not kept here for good.
    expect(card.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it("names itself by an Article's title", () => {
    render(<RemotePostCard post={remotePostFixture({ title: 'Notes from A' })} />);
    expect(screen.getByRole('heading', { name: 'Notes from A' })).toBeVisible();
    expect(screen.getByRole('article', { name: 'Notes from A' })).toBeInTheDocument();
  });

  it('keeps the post behind its content warning until "Show more", as Mastodon does', async () => {
    const user = userEvent.setup();
    render(
      <RemotePostCard
        post={remotePostFixture({
          summary: 'Spoilers for the exam',
          attachments: [{ url: 'https://files.example/a/diagram.png', mediaType: 'image/png', name: null }],
        })}
      />,
    );
    expect(screen.getByText('Spoilers for the exam')).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Rust')).not.toBeVisible();
    expect(screen.queryByRole('link', { name: 'diagram.png' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Rust')).toBeVisible();
    const attachment = screen.getByRole('link', { name: 'diagram.png' });
    expect(attachment).toHaveAttribute('href', 'https://files.example/a/diagram.png');
    expect(attachment.parentElement).toHaveTextContent('(image/png)');
  });

  it('likes and unlikes from the keyboard, with the count of likes from here', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    server.use(
      http.put('/api/federation/posts/3/like', () => {
        sent.push('PUT');
        return HttpResponse.json({ liked: true, likesCount: 2 });
      }),
      http.delete('/api/federation/posts/3/like', () => {
        sent.push('DELETE');
        return HttpResponse.json({ liked: false, likesCount: 1 });
      }),
    );
    render(<RemotePostCard post={remotePostFixture({ likesCount: 1 })} />);
    const like = screen.getByRole('button', { name: 'Like, 1 like' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    like.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Like, 2 likes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Like, 1 like' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(sent).toEqual(['PUT', 'DELETE']);
  });

  it("says a failed like in the alert region, in the server's words, and puts the count back", async () => {
    const user = userEvent.setup();
    server.use(
      http.put('/api/federation/posts/3/like', errorResponse(404, REMOTE_FOLLOW_MESSAGES.unknownPost)),
    );
    render(<RemotePostCard post={remotePostFixture()} />);
    await user.click(screen.getByRole('button', { name: 'Like, 0 likes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_FOLLOW_MESSAGES.unknownPost);
    expect(screen.getByRole('button', { name: 'Like, 0 likes' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('sends a reply, shows it under the post with the earlier ones and says it was sent', async () => {
    const user = userEvent.setup();
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/federation/posts/3/replies', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { id: 9, content: 'Me too!', createdAt: '2026-01-06T11:00:00.000Z', editedAt: null },
          { status: 201 },
        );
      }),
    );
    const earlier: RemotePost['myReplies'] = [
      { id: 8, content: 'First thoughts', createdAt: '2026-01-06T10:30:00.000Z', editedAt: null },
    ];
    render(<RemotePostCard post={remotePostFixture({ myReplies: earlier })} />);
    const replies = within(screen.getByRole('region', { name: 'Your replies' }));
    expect(replies.getByText('First thoughts')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Reply to Ann Elsewhere' }), 'Me too!');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await replies.findByText('Me too!')).toBeInTheDocument();
    expect(bodies).toEqual([{ content: 'Me too!' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Reply sent to social.example.');
    expect(screen.getByRole('textbox', { name: 'Reply to Ann Elsewhere' })).toHaveValue('');
  });

  it('edits a reply in place and deletes one once asked, saying each was sent to their server', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    server.use(
      http.put('/api/federation/posts/3/replies/8', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({
          ...first,
          content: 'Second thoughts',
          editedAt: '2026-01-06T12:00:00.000Z',
        });
      }),
      http.delete('/api/federation/posts/3/replies/9', () => {
        sent.push('DELETE 9');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const first = { id: 8, content: 'First thoughts', createdAt: '2026-01-06T10:30:00.000Z', editedAt: null };
    const second = { ...first, id: 9, content: 'Never mind' };
    render(<RemotePostCard post={remotePostFixture({ myReplies: [first, second] })} />);
    const replies = within(screen.getByRole('region', { name: 'Your replies' }));
    const [firstItem, secondItem] = replies.getAllByRole('listitem') as [HTMLElement, HTMLElement];

    await user.click(within(firstItem).getByRole('button', { name: 'Edit' }));
    const box = within(firstItem).getByRole('textbox', { name: 'Edit your reply' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('First thoughts');
    await user.clear(box);
    await user.type(box, 'Second thoughts');
    await user.click(within(firstItem).getByRole('button', { name: 'Save' }));
    expect(await within(firstItem).findByText('Second thoughts')).toBeInTheDocument();
    expect(firstItem).toHaveTextContent('(edited)');
    expect(screen.getByRole('status')).toHaveTextContent('Edit sent to social.example.');

    // Cancel in the dialog keeps it; Delete there deletes it.
    await user.click(within(secondItem).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete reply?' });
    expect(ask).toHaveTextContent('social.example is asked to delete its copy');
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(replies.getByText('Never mind')).toBeInTheDocument();
    await user.click(within(secondItem).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(replies.queryByText('Never mind')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(
      'Reply deleted. social.example was asked to delete it too.',
    );
    expect(sent).toEqual([{ content: 'Second thoughts' }, 'DELETE 9']);
  });

  it("keeps an edit that could not be sent in its box, in the server's words", async () => {
    const user = userEvent.setup();
    server.use(
      http.put('/api/federation/posts/3/replies/8', errorResponse(404, REMOTE_FOLLOW_MESSAGES.unknownReply)),
    );
    const first = { id: 8, content: 'First thoughts', createdAt: '2026-01-06T10:30:00.000Z', editedAt: null };
    render(<RemotePostCard post={remotePostFixture({ myReplies: [first] })} />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your reply' });
    await user.type(box, ' and more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(REMOTE_FOLLOW_MESSAGES.unknownReply);
    expect(box).toHaveValue('First thoughts and more');
  });

  it('keeps a reply that could not be sent in its box and says why', async () => {
    const user = userEvent.setup();
    server.use(http.post('/api/federation/posts/3/replies', () => HttpResponse.error()));
    render(<RemotePostCard post={remotePostFixture()} />);
    const box = screen.getByRole('textbox', { name: 'Reply to Ann Elsewhere' });
    await user.type(box, 'Lost words');
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your reply could not be sent. Please try again.',
    );
    expect(box).toHaveValue('Lost words');
    expect(screen.queryByRole('region', { name: 'Your replies' })).not.toBeInTheDocument();
  });
});

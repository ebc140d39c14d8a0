import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { remotePostFixture } from '../test/fixtures';
import { RemotePostCard } from './remote-post-card';

describe('RemotePostCard', () => {
  it('shows the author by @name@server, marks the server, and links to the original, read-only', () => {
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
    // Nothing to like, comment on or save here: the post lives on its own server.
    expect(card.queryByRole('button')).not.toBeInTheDocument();
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
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RemoteHtml } from './remote-html';

const shown = (html: string) => render(<RemoteHtml html={html} />).container.firstElementChild!;

describe('RemoteHtml', () => {
  it('keeps text structure and http(s) links, opened in a new tab as foreign', () => {
    const root = shown(
      '<p>Hello <strong>there</strong> <a href="https://social.example/tags/rust">#rust</a></p>' +
        '<ul><li>one</li></ul><blockquote><p>quoted</p></blockquote><pre><code>let x = 1;</code></pre>',
    );
    const link = screen.getByRole('link', { name: '#rust' });
    expect(link).toHaveAttribute('href', 'https://social.example/tags/rust');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'nofollow noopener noreferrer ugc');
    expect(root.querySelector('strong')).toHaveTextContent('there');
    expect(screen.getByRole('listitem')).toHaveTextContent('one');
    expect(root.querySelector('blockquote')).toHaveTextContent('quoted');
    expect(root.querySelector('pre code')).toHaveTextContent('let x = 1;');
  });

  it('never trusts it: scripts, handlers, styles, images and other schemes do not survive', () => {
    const root = shown(
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script></p>' +
        '<img src="https://tracker.example/p.gif" onerror="alert(3)">' +
        '<a href="javascript:alert(4)">click</a><iframe src="https://evil.example"></iframe>' +
        '<h1>Big</h1><div class="x">plain <b>bold</b></div>',
    );
    expect(root.querySelector('script, img, iframe, [onclick], [style], [onerror], h1')).toBeNull();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(root).toHaveTextContent('click');
    expect(root).not.toHaveTextContent('alert');
    // A heading would break the page's outline: it reads as a bold paragraph.
    expect(screen.getByText('Big').tagName).toBe('P');
    expect(screen.getByText('bold').tagName).toBe('STRONG');
    expect(root.querySelector('[class="x"]')).toBeNull();
  });

  it('shows what lies deeper than it walks as plain text', () => {
    const html = `${'<em>'.repeat(60)}deep <a href="https://x.example">link</a>${'</em>'.repeat(60)}`;
    const root = shown(html);
    expect(root).toHaveTextContent('deep link');
    expect(root.querySelectorAll('em').length).toBeLessThan(40);
  });
});

import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScrollRestoration } from './use-scroll-restoration';

function Page() {
  useScrollRestoration();
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => navigate('/next')}>
        Next
      </button>
      <button type="button" onClick={() => navigate('/next#comments')}>
        Comments
      </button>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
      <section id="comments" />
    </>
  );
}

/** jsdom does not scroll: the page is made to read as scrolled down by `y`. */
function scrollDownTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

function renderPage() {
  // As in newer browsers, which answer with a promise.
  const scrollTo = vi
    .spyOn(window, 'scrollTo')
    .mockImplementation((() => Promise.resolve()) as unknown as typeof window.scrollTo);
  render(
    <MemoryRouter initialEntries={['/first']}>
      <Page />
    </MemoryRouter>,
  );
  return { scrollTo, user: userEvent.setup() };
}

afterEach(() => {
  scrollDownTo(0);
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('scroll restoration', () => {
  it('starts a new page at the top and returns to where the previous one was on Back', async () => {
    const { scrollTo, user } = renderPage();
    scrollDownTo(480);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0));
    scrollDownTo(90);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await vi.waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 480));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 0));
  });

  it('brings the #fragment of the address into view', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const { user } = renderPage();

    await user.click(screen.getByRole('button', { name: 'Comments' }));

    await vi.waitFor(() => expect(scrollIntoView).toHaveBeenCalledOnce());
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('comments'));
  });

  it('keeps the positions in the tab for a reload', () => {
    renderPage();
    scrollDownTo(250);

    fireEvent(window, new Event('pagehide'));

    expect(Object.values(JSON.parse(sessionStorage.getItem('scroll-positions') ?? '{}'))).toContain(250);
  });
});

import { NOTE_MESSAGES, type Note } from '@pathwise/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../test/error-response';
import { heldResponse } from '../../test/held-response';
import { server } from '../../test/msw-server';
import { planFixture, servePlan } from '../../test/plans';
import { renderApp } from '../../test/render-app';

const noteOf = (fields: Partial<Note>): Note => ({
  id: 70,
  planId: 5,
  topicId: 11,
  resourceId: null,
  content: 'Moves **first**',
  createdAt: '2026-01-06T10:00:00.000Z',
  updatedAt: '2026-01-06T10:00:00.000Z',
  ...fields,
});
const topic = (title: string) => screen.getByRole('region', { name: new RegExp(title) });

describe('private notes on the plan page', () => {
  it('shows the viewer’s notes under their topic and resource, rendered as Markdown', async () => {
    servePlan(planFixture(), [noteOf({}), noteOf({ id: 71, resourceId: 22, content: 'Print it' })]);
    renderApp('/learning-plan/5', { signedIn: true });

    const ownership = await screen.findByRole('region', { name: /Ownership/ });
    expect(await within(ownership).findByText('first')).toHaveProperty('tagName', 'STRONG');
    expect(within(ownership).getByText('Print it')).toBeInTheDocument();
    expect(within(ownership).getByRole('button', { name: 'Edit note on Ownership' })).toBeInTheDocument();
    expect(
      within(ownership).getByRole('button', { name: 'Edit note on Borrowing slides' }),
    ).toBeInTheDocument();
    expect(within(topic('Traits')).getByRole('button', { name: 'Add note on Traits' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('gives each topic and resource one note button, named and filled by whether a note exists', async () => {
    let requests = 0;
    servePlan(planFixture());
    server.use(
      http.get('/api/learning-plans/5/notes', () => {
        requests += 1;
        return HttpResponse.json([noteOf({ resourceId: 22, content: 'Print it' })]);
      }),
    );
    renderApp('/learning-plan/5', { signedIn: true });

    const ownership = await screen.findByRole('region', { name: /Ownership/ });
    const edit = await within(ownership).findByRole('button', { name: 'Edit note on Borrowing slides' });
    expect(
      within(ownership)
        .getAllByRole('button', { name: /note on/ })
        .map((button) => button.textContent),
    ).toEqual(['Add note on Ownership', 'Add note on The Book, chapter 4', 'Edit note on Borrowing slides']);
    expect(within(topic('Traits')).getAllByRole('button', { name: /note on/ })).toHaveLength(1);
    expect(edit.querySelector('svg')).toHaveClass('fill-amber-200');
    expect(
      within(ownership).getByRole('button', { name: 'Add note on Ownership' }).querySelector('svg'),
    ).not.toHaveClass('fill-amber-200');
    // Four rows, one request for all their notes.
    expect(requests).toBe(1);
  });

  it('moves focus into the editor when it opens and back to its button when it closes', async () => {
    servePlan(planFixture());
    server.use(
      http.put('/api/learning-plans/5/topics/12/note', () =>
        HttpResponse.json(noteOf({ id: 72, topicId: 12, content: 'Generics' })),
      ),
    );
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await screen.findByRole('region', { name: /Traits/ });
    const button = within(topic('Traits')).getByRole('button', { name: 'Add note on Traits' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const field = within(topic('Traits')).getByLabelText('Your private note on Traits');
    await waitFor(() => expect(field).toHaveFocus());
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Cancel' }));
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard(' ');
    await user.keyboard('Generics');
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Save note' }));
    expect(await within(topic('Traits')).findByRole('status')).toHaveTextContent(NOTE_MESSAGES.saved);
    const edit = within(topic('Traits')).getByRole('button', { name: 'Edit note on Traits' });
    expect(edit).toHaveFocus();
  });

  it('writes a note in the Markdown editor, busy while saving, then shows it', async () => {
    servePlan(planFixture());
    const held = heldResponse();
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/learning-plans/5/topics/12/note', async (info) => {
        bodies.push(await info.request.json());
        return held.resolver();
      }),
    );
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await screen.findByRole('region', { name: /Traits/ });
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Add note on Traits' }));
    const field = within(topic('Traits')).getByLabelText('Your private note on Traits');
    await user.type(field, 'Like *interfaces*');
    await user.click(within(topic('Traits')).getByRole('tab', { name: 'Preview' }));
    expect(within(topic('Traits')).getByText('interfaces')).toHaveProperty('tagName', 'EM');
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Save note' }));
    await held.arrived;
    expect(within(topic('Traits')).getByRole('button', { name: 'Saving…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    held.release(HttpResponse.json(noteOf({ id: 72, topicId: 12, content: 'Like *interfaces*' })));

    expect(await within(topic('Traits')).findByRole('status')).toHaveTextContent(NOTE_MESSAGES.saved);
    expect(bodies).toEqual([{ content: 'Like *interfaces*' }]);
    expect(within(topic('Traits')).getByText('interfaces')).toHaveProperty('tagName', 'EM');
    expect(within(topic('Traits')).getByRole('button', { name: 'Edit note on Traits' })).toBeInTheDocument();
  });

  it('says why a note was not saved, keeping what was written', async () => {
    servePlan(planFixture());
    server.use(
      http.put('/api/learning-plans/5/topics/12/note', errorResponse(400, NOTE_MESSAGES.contentTooLong)),
    );
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await screen.findByRole('region', { name: /Traits/ });
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Add note on Traits' }));
    await user.type(within(topic('Traits')).getByLabelText('Your private note on Traits'), 'Too much');
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Save note' }));

    expect(await within(topic('Traits')).findByRole('alert')).toHaveTextContent(NOTE_MESSAGES.contentTooLong);
    expect(within(topic('Traits')).getByLabelText('Your private note on Traits')).toHaveValue('Too much');
  });

  it('deletes a note saved empty', async () => {
    servePlan(planFixture(), [noteOf({ topicId: 12 })]);
    const deleted: string[] = [];
    server.use(
      http.delete('/api/notes/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await screen.findByRole('region', { name: /Traits/ });
    await user.click(await within(topic('Traits')).findByRole('button', { name: 'Edit note on Traits' }));
    await user.clear(within(topic('Traits')).getByLabelText('Your private note on Traits'));
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Save note' }));

    expect(
      await within(topic('Traits')).findByRole('button', { name: 'Add note on Traits' }),
    ).toBeInTheDocument();
    expect(deleted).toEqual(['70']);
  });
});

import { NOTE_MESSAGES, type Note } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer } from '../../test/error-answer';
import { heldAnswer } from '../../test/held-answer';
import { server } from '../../test/msw-server';
import { planFixture, SLOW_PAGE_TEST_MS, servePlan } from '../../test/plans';
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

describe('private notes on the plan page', { timeout: SLOW_PAGE_TEST_MS }, () => {
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
    expect(within(topic('Traits')).getByRole('button', { name: 'Note on Traits' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('writes a note in the Markdown editor, busy while saving, then shows it', async () => {
    servePlan(planFixture());
    const held = heldAnswer();
    const bodies: unknown[] = [];
    server.use(
      http.put('/api/learning-plans/5/topics/12/note', async (info) => {
        bodies.push(await info.request.json());
        return held.resolver();
      }),
    );
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await screen.findByRole('region', { name: /Traits/ });
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Note on Traits' }));
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
      http.put('/api/learning-plans/5/topics/12/note', errorAnswer(400, NOTE_MESSAGES.contentTooLong)),
    );
    const { user } = renderApp('/learning-plan/5', { signedIn: true });

    await screen.findByRole('region', { name: /Traits/ });
    await user.click(within(topic('Traits')).getByRole('button', { name: 'Note on Traits' }));
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
      await within(topic('Traits')).findByRole('button', { name: 'Note on Traits' }),
    ).toBeInTheDocument();
    expect(deleted).toEqual(['70']);
  });
});

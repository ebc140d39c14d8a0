import { DRAFT_MESSAGES, type LearningPlan, type PlanBody, type PlanTopic } from '@pathwise/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../test/error-response';
import { server } from '../../test/msw-server';
import { bobRef, planFixture, servePlan } from '../../test/plans';
import { renderApp } from '../../test/render-app';

const findHeading = () => screen.findByRole('heading', { level: 1 });
const topicGroup = (number: number) => screen.getByRole('group', { name: `Topic ${number}` });
const resourceGroup = (topic: HTMLElement, number: number) =>
  within(topic).getByRole('group', { name: `Resource ${number}` });
/** The message shown under a field, read the way a screen reader finds it. */
const messageUnder = (label: string, scope: HTMLElement = document.body) => {
  const describedBy = within(scope).getByLabelText(label).getAttribute('aria-describedby');
  return describedBy ? document.getElementById(describedBy)?.textContent : undefined;
};

type Call = {
  method: string;
  path: string;
  body?: unknown;
  upload?: { resourceId: string[]; bytes: number };
};

/** Answers the save flow's calls as the server would, with `saved` as the stored plan, and records them. */
function serveSave(saved: LearningPlan, overrides: Parameters<typeof server.use> = []) {
  const calls: Call[] = [];
  const response =
    (result: () => Response) =>
    async ({ request }: { request: Request }) => {
      const call: Call = { method: request.method, path: new URL(request.url).pathname };
      if (request.headers.get('content-type')?.includes('json')) call.body = await request.json();
      if (request.headers.get('content-type')?.includes('multipart')) {
        const form = await request.formData();
        call.upload = {
          resourceId: form.getAll('resourceId') as string[],
          bytes: (form.get('file') as File).size,
        };
      }
      calls.push(call);
      return result();
    };
  const base = `/api/learning-plans/${saved.id}`;
  server.use(
    ...overrides,
    http.post(
      '/api/learning-plans',
      response(() => HttpResponse.json(saved, { status: 201 })),
    ),
    http.put(
      base,
      response(() => HttpResponse.json(saved)),
    ),
    http.get(
      base,
      response(() => HttpResponse.json(saved)),
    ),
    http.post(
      `${base}/topics/:topicId/resources`,
      response(() => HttpResponse.json({ id: 77 }, { status: 201 })),
    ),
    http.post(
      `${base}/topics/:topicId/resources/upload`,
      response(() => HttpResponse.json({ fileUrl: 'x' })),
    ),
  );
  return calls;
}

/** Fills a plan with one topic holding a link resource and a PDF resource. */
async function fillPlan(user: UserEvent) {
  await user.type(screen.getByLabelText('Title'), 'Learn Rust');
  await user.type(screen.getByLabelText('Description'), 'From ownership to async.');
  await user.selectOptions(screen.getByLabelText('Category'), 'Programming');
  const topic = topicGroup(1);
  await user.type(within(topic).getByLabelText('Topic title'), 'Ownership');
  await user.click(within(topic).getByRole('button', { name: 'Add Resource to topic 1' }));
  await user.click(within(topic).getByRole('button', { name: 'Add Resource to topic 1' }));
  const link = resourceGroup(topic, 1);
  await user.type(within(link).getByLabelText('Resource title'), 'The Book');
  await user.type(within(link).getByLabelText('Resource URL'), 'https://doc.rust-lang.org/book/');
  await user.selectOptions(within(link).getByLabelText('Resource type'), 'Book');
  await user.type(within(link).getByLabelText('Estimated minutes'), '45');
  const file = resourceGroup(topic, 2);
  await user.type(within(file).getByLabelText('Resource title'), 'Slides');
  await user.click(within(file).getByRole('radio', { name: 'PDF file' }));
  await user.upload(
    within(file).getByLabelText('Choose a PDF'),
    new File(['%PDF-1.4'], 'slides.pdf', { type: 'application/pdf' }),
  );
}

const ownershipTopic = (resources: PlanTopic['resources']): PlanTopic => ({
  id: 51,
  title: 'Ownership',
  description: '',
  orderIndex: 1,
  completionStatus: 'NOT_STARTED',
  prerequisiteTopicIds: [],
  resources,
});
const savedResource = (id: number, title: string, orderIndex: number) => ({
  id,
  title,
  url: '',
  type: 'PDF' as const,
  description: '',
  orderIndex,
  isCompleted: false,
  durationMinutes: null,
});
const basics: PlanTopic = {
  id: 50,
  title: 'Basics',
  description: '',
  orderIndex: 0,
  completionStatus: 'NOT_STARTED',
  prerequisiteTopicIds: [],
  resources: [],
};

/** The PDF resource of `fillPlan` as the API body carries it: a PDF without a link, its file comes next. */
const slidesBody = {
  id: null,
  title: 'Slides',
  type: 'PDF',
  url: null,
  description: null,
  durationMinutes: null,
  orderIndex: 1,
};

describe('create learning plan', () => {
  // The editor saves a draft of the new plan as the person types (its own test is the end-to-end one):
  // here the server keeps it, and forgets it once the plan is made.
  beforeEach(() => {
    const draftAnswer = (id: number, fields: unknown, status = 200) =>
      HttpResponse.json(
        { id, kind: 'PLAN', fields, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
        { status },
      );
    server.use(
      http.post('/api/drafts', async ({ request }) =>
        draftAnswer(700, ((await request.json()) as { fields: unknown }).fields, 201),
      ),
      http.put('/api/drafts/:id', async ({ request, params }) =>
        draftAnswer(Number(params.id), ((await request.json()) as { fields: unknown }).fields),
      ),
      http.delete('/api/drafts/:id', () => new HttpResponse(null, { status: 204 })),
    );
  });

  it('starts with 30 days, public, and one topic that cannot be removed', async () => {
    renderApp('/create-learning-plan', { signedIn: true });

    expect(await findHeading()).toHaveTextContent('Create Learning Plan');
    expect(screen.getByLabelText('Estimated days')).toHaveValue(30);
    expect(screen.getByRole('checkbox', { name: /Public/ })).toBeChecked();
    expect(within(topicGroup(1)).getByRole('button', { name: 'Remove topic 1' })).toBeDisabled();
  });

  it('shows the messages of the plan rules under their fields and sends nothing', async () => {
    const posted = vi.fn();
    server.use(http.post('/api/learning-plans', posted));
    const { user } = renderApp('/create-learning-plan', { signedIn: true });
    await findHeading();

    await user.type(screen.getByLabelText('Title'), 'ab');
    await user.clear(screen.getByLabelText('Estimated days'));
    await user.type(screen.getByLabelText('Start date'), '2026-03-10');
    await user.type(screen.getByLabelText('Target completion date'), '2026-03-01');
    const topic = topicGroup(1);
    await user.click(within(topic).getByRole('button', { name: 'Add Resource to topic 1' }));
    await user.click(within(topic).getByRole('button', { name: 'Add Resource to topic 1' }));
    const [byUrl, byFile] = [resourceGroup(topic, 1), resourceGroup(topic, 2)];
    await user.type(within(byUrl).getByLabelText('Resource URL'), 'not a link');
    await user.click(within(byFile).getByRole('radio', { name: 'PDF file' }));
    // The picker only offers PDFs; a file dropped in anyway is still refused.
    fireEvent.change(within(byFile).getByLabelText('Choose a PDF'), {
      target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] },
    });
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));

    expect(await screen.findByText('Title must be at least 3 characters')).toBeInTheDocument();
    expect(messageUnder('Description')).toBe('Description is required');
    expect(messageUnder('Category')).toBe('Please select a category');
    expect(messageUnder('Estimated days')).toBe('Estimated days is required');
    expect(messageUnder('Target completion date')).toBe('Target completion date must be after start date');
    expect(messageUnder('Topic title', topic)).toBe('Topic title is required');
    expect(messageUnder('Resource title', byUrl)).toBe('Resource title is required');
    expect(messageUnder('Resource URL', byUrl)).toBe('Must be a valid URL');
    expect(messageUnder('Resource type', byUrl)).toBe('Resource type is required');
    expect(messageUnder('Choose a PDF', byFile)).toBe('Only PDF files are allowed');

    await user.clear(within(byUrl).getByLabelText('Resource URL'));
    await user.type(screen.getByLabelText('Estimated days'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));
    await vi.waitFor(() => expect(messageUnder('Resource URL', byUrl)).toBe('Resource URL is required'));
    expect(messageUnder('Estimated days')).toBe('Days must be a whole number');

    await user.clear(screen.getByLabelText('Estimated days'));
    await user.type(screen.getByLabelText('Estimated days'), '0');
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));
    await vi.waitFor(() => expect(messageUnder('Estimated days')).toBe('Days must be positive'));
    expect(posted).not.toHaveBeenCalled();
  });

  it('asks for a PDF when the file source has none', async () => {
    const { user } = renderApp('/create-learning-plan', { signedIn: true });
    await findHeading();
    await user.click(within(topicGroup(1)).getByRole('button', { name: 'Add Resource to topic 1' }));
    await user.click(within(topicGroup(1)).getByRole('radio', { name: 'PDF file' }));
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));

    expect(await screen.findByText('Please choose a PDF file')).toBeInTheDocument();
  });

  it('creates the plan in the form’s order, fetches it again, uploads the PDF with its resource id, opens the plan', async () => {
    const saved = planFixture({
      id: 40,
      topics: [basics, ownershipTopic([savedResource(60, 'The Book', 0), savedResource(61, 'Slides', 1)])],
    });
    const calls = serveSave(saved);
    const { user, router } = renderApp('/create-learning-plan', { signedIn: true });
    await findHeading();

    await fillPlan(user);
    await user.click(screen.getByRole('button', { name: 'Add Topic' }));
    await user.type(within(topicGroup(2)).getByLabelText('Topic title'), 'Basics');
    await user.click(screen.getByRole('button', { name: 'Move topic 2 up' }));
    // Ownership, now second, needs Basics: sent by its position, as Basics has no id yet.
    const needs = screen.getByRole('group', { name: 'Prerequisites of Ownership' });
    await user.click(within(needs).getByRole('checkbox', { name: 'Basics' }));
    await user.click(screen.getByRole('checkbox', { name: /Public/ }));
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));

    await router.arrivesAt('/learning-plan/40');
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/learning-plans' });
    const body = calls[0]!.body as PlanBody;
    expect(body).toMatchObject({
      title: 'Learn Rust',
      description: 'From ownership to async.',
      category: 'PROGRAMMING',
      isPublic: false,
      estimatedDays: 30,
      startDate: null,
      targetCompletionDate: null,
    });
    expect(body.topics).toEqual([
      {
        id: null,
        title: 'Basics',
        description: null,
        orderIndex: 0,
        prerequisiteTopicIndexes: [],
        resources: [],
      },
      {
        id: null,
        title: 'Ownership',
        description: null,
        orderIndex: 1,
        prerequisiteTopicIndexes: [0],
        resources: [
          {
            id: null,
            title: 'The Book',
            type: 'BOOK',
            url: 'https://doc.rust-lang.org/book/',
            description: null,
            durationMinutes: 45,
            orderIndex: 0,
          },
          slidesBody,
        ],
      },
    ]);
    // Then the plan page opens and loads the plan.
    expect(calls.slice(1, 3)).toEqual([
      { method: 'GET', path: '/api/learning-plans/40' },
      {
        method: 'POST',
        path: '/api/learning-plans/40/topics/51/resources/upload',
        upload: { resourceId: ['61'], bytes: 8 },
      },
    ]);
  });

  it('creates the resources the saved plan is missing one by one before uploading', async () => {
    const saved = planFixture({ id: 40, topics: [ownershipTopic([savedResource(60, 'The Book', 0)])] });
    const calls = serveSave(saved);
    const { user, router } = renderApp('/create-learning-plan', { signedIn: true });
    await findHeading();

    await fillPlan(user);
    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));

    await router.arrivesAt('/learning-plan/40');
    expect(calls.slice(2, 4)).toEqual([
      {
        method: 'POST',
        path: '/api/learning-plans/40/topics/51/resources',
        body: slidesBody,
      },
      {
        method: 'POST',
        path: '/api/learning-plans/40/topics/51/resources/upload',
        upload: { resourceId: ['77'], bytes: 8 },
      },
    ]);
  });

  it("shows the server's message when the upload fails, and a retry edits the stored plan instead of creating another", async () => {
    const saved = planFixture({
      id: 40,
      topics: [ownershipTopic([savedResource(60, 'The Book', 0), savedResource(61, 'Slides', 1)])],
    });
    let uploads = 0;
    const calls = serveSave(saved, [
      http.post('/api/learning-plans/40/topics/51/resources/upload', () =>
        ++uploads === 1
          ? errorResponse(415, 'Only PDF files are allowed')()
          : HttpResponse.json({ fileUrl: 'x' }),
      ),
    ]);
    const { user, router } = renderApp('/create-learning-plan', { signedIn: true });
    await findHeading();
    await fillPlan(user);

    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only PDF files are allowed');
    expect(router.state.location.pathname).toBe('/create-learning-plan');

    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));
    await router.arrivesAt('/learning-plan/40');
    const retry = calls.find((call) => call.method === 'PUT')!;
    expect(
      calls.filter((call) => call.method === 'POST' && call.path === '/api/learning-plans'),
    ).toHaveLength(1);
    expect((retry.body as PlanBody).topics[0]).toMatchObject({
      id: 51,
      resources: [{ id: 60 }, { id: 61 }],
    });
    expect(uploads).toBe(2);
  });

  it.each([
    [
      "the server's message",
      errorResponse(400, 'At least one topic is required'),
      'At least one topic is required',
    ],
    ['the fallback without one', () => HttpResponse.error(), 'Failed to create/update learning plan'],
  ])('shows %s when saving fails', async (_label, failure, message) => {
    server.use(http.post('/api/learning-plans', failure));
    const { user } = renderApp('/create-learning-plan', { signedIn: true });
    await findHeading();
    await fillPlan(user);

    await user.click(screen.getByRole('button', { name: 'Create Learning Plan' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});

describe('edit learning plan', () => {
  // The editor keeps the changes as a draft of the plan (its own test is the end-to-end one): here there
  // is none to restore unless a test stores one, and the server takes and forgets them.
  let stored: unknown = null;
  const deleted: string[] = [];
  beforeEach(() => {
    stored = null;
    deleted.length = 0;
    const draftAnswer = (fields: unknown, status = 200) =>
      HttpResponse.json(
        {
          id: 800,
          kind: 'PLAN',
          planId: 5,
          fields,
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
        { status },
      );
    server.use(
      http.get('/api/drafts/plans/5', () =>
        stored ? draftAnswer(stored) : errorResponse(404, 'Draft not found')(),
      ),
      http.post('/api/drafts', async ({ request }) =>
        draftAnswer(((await request.json()) as { fields: unknown }).fields, 201),
      ),
      http.delete('/api/drafts/:id', ({ params }) => {
        deleted.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
  });

  it('restores the changes not saved yet, keeping the ids, and discards them on request', async () => {
    const plan = planFixture();
    servePlan(plan);
    stored = {
      title: 'Learn Rust, changed',
      topics: [{ id: 11, title: 'Ownership, changed', prerequisiteTopicIndexes: [], resources: [] }],
    };
    const { user } = renderApp('/learning-plan/5/edit', { signedIn: true });

    expect(await screen.findByLabelText('Title')).toHaveValue('Learn Rust, changed');
    expect(screen.getByText(DRAFT_MESSAGES.restoredEdit)).toBeInTheDocument();
    expect(within(topicGroup(1)).getByLabelText('Topic title')).toHaveValue('Ownership, changed');

    await user.click(screen.getByRole('button', { name: DRAFT_MESSAGES.discardEdit }));
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Learn Rust'));
    expect(deleted).toEqual(['800']);
    expect(screen.queryByText(DRAFT_MESSAGES.restoredEdit)).not.toBeInTheDocument();
  });

  it('loads the plan into the form (an uploaded PDF as the file source) and saves it with PUT and its ids', async () => {
    const plan = planFixture();
    const calls = serveSave(plan);
    const { user, router } = renderApp('/learning-plan/5/edit', { signedIn: true });

    expect(await findHeading()).toHaveTextContent('Edit Learning Plan');
    expect(await screen.findByLabelText('Title')).toHaveValue('Learn Rust');
    expect(screen.getByLabelText('Category')).toHaveValue('PROGRAMMING');
    expect(screen.getByLabelText('Start date')).toHaveValue('2026-01-10');
    const ownership = topicGroup(1);
    expect(within(ownership).getByLabelText('Topic title')).toHaveValue('Ownership');
    expect(within(resourceGroup(ownership, 1)).getByLabelText('Resource URL')).toHaveValue(
      'https://doc.rust-lang.org/book/ch04-00.html',
    );
    const slides = resourceGroup(ownership, 2);
    expect(within(slides).getByRole('radio', { name: 'PDF file' })).toBeChecked();
    expect(slides).toHaveTextContent('A PDF is uploaded; choose another file to replace it.');

    await user.clear(within(ownership).getByLabelText('Topic title'));
    await user.type(within(ownership).getByLabelText('Topic title'), 'Ownership and borrowing');
    // Traits needs Ownership (its saved prerequisite), shown by the title being typed.
    const traitsNeeds = screen.getByRole('group', { name: 'Prerequisites of Traits' });
    expect(within(traitsNeeds).getByRole('checkbox', { name: 'Ownership and borrowing' })).toBeChecked();
    await user.click(within(topicGroup(2)).getByRole('button', { name: 'Remove topic 2' }));
    await user.click(screen.getByRole('button', { name: 'Update Learning Plan' }));

    await router.arrivesAt('/learning-plan/5');
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/learning-plans/5');
    expect((put.body as PlanBody).topics).toEqual([
      {
        id: 11,
        title: 'Ownership and borrowing',
        description: 'Moves and borrows',
        orderIndex: 0,
        prerequisiteTopicIndexes: [],
        resources: [
          {
            id: 21,
            title: 'The Book, chapter 4',
            type: 'BOOK',
            url: 'https://doc.rust-lang.org/book/ch04-00.html',
            description: null,
            durationMinutes: 45,
            orderIndex: 0,
          },
          {
            id: 22,
            title: 'Borrowing slides',
            type: 'PDF',
            url: null,
            description: 'Printed handout',
            durationMinutes: null,
            orderIndex: 1,
          },
        ],
      },
    ]);
    expect(calls.some((call) => call.upload)).toBe(false);
  });

  it("tells someone else's visitor they don't have permission", async () => {
    servePlan(planFixture({ creator: bobRef }));
    renderApp('/learning-plan/5/edit', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You don't have permission to edit this learning plan",
    );
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it('goes to the profile when the plan cannot be loaded', async () => {
    server.use(
      http.get('/api/learning-plans/5', errorResponse(404, 'Learning plan not found')),
      http.get('/api/users/:id', () => new Promise<Response>(() => {})),
    );
    const { router } = renderApp('/learning-plan/5/edit', { signedIn: true });

    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/profile/));
  });
});

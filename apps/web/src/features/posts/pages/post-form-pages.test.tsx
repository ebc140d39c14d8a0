import { MEDIA_MESSAGES, type Post } from '@pathwise/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { heldResponse } from '../../../test/held-response';
import { server } from '../../../test/msw-server';
import { PAGE_LOAD_TIMEOUT_MS } from '../../../test/page-load-timeout';
import { renderApp } from '../../../test/render-app';
import { bobRef, imageMedia, postFixture, serveEmptyFeed, servePost, videoMedia } from '../test/posts';

// The picker's `accept` list is the browser's first filter; these tests send what a user could drop anyway.
const user = () => userEvent.setup({ applyAccept: false });

const image = (name = 'photo.png') => new File(['png bytes'], name, { type: 'image/png' });
const video = (name = 'clip.mp4') => new File(['mp4 bytes'], name, { type: 'video/mp4' });
function bigImage() {
  const file = image('huge.png');
  Object.defineProperty(file, 'size', { value: 52_428_800 });
  return file;
}

const mediaInput = () => screen.getByLabelText('Add photos or videos');

/** What the server received: the `post` JSON part and the contents of the `files` parts. */
async function readSubmission(request: Request) {
  const form = await request.formData();
  const post = form.get('post') as File;
  return {
    postType: post.type,
    post: JSON.parse(await post.text()),
    // jsdom's XMLHttpRequest drops file names on the way, so the files are told apart by their bytes.
    files: await Promise.all(form.getAll('files').map((file) => (file as File).text())),
  };
}

/**
 * The drafts API as the create page uses it: drafts kept here by id, and their publication answered by
 * `publish`, which is given the request and the draft's fields as last saved.
 */
function serveDrafts(
  publish: (request: Request, fields: unknown) => Promise<Response> | Response = () =>
    HttpResponse.json({ kind: 'POST', id: 1 }, { status: 201 }),
) {
  const drafts = new Map<number, unknown>();
  const answer = (id: number, fields: unknown, status = 200) =>
    HttpResponse.json(
      { id, kind: 'POST', fields, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' },
      { status },
    );
  server.use(
    http.post('/api/drafts', async ({ request }) => {
      const { fields } = (await request.json()) as { fields: unknown };
      const id = drafts.size + 500;
      drafts.set(id, fields);
      return answer(id, fields, 201);
    }),
    http.put('/api/drafts/:id', async ({ request, params }) => {
      const { fields } = (await request.json()) as { fields: unknown };
      drafts.set(Number(params.id), fields);
      return answer(Number(params.id), fields);
    }),
    http.post('/api/drafts/:id/publish', ({ request, params }) =>
      publish(request, drafts.get(Number(params.id))),
    ),
  );
}

async function openCreate() {
  const rendered = renderApp('/create-post', { signedIn: true });
  await screen.findByRole('heading', { name: 'Create a post' });
  return rendered;
}

async function fillValidPost(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText('Title'), 'Trying out Rust');
  await u.type(screen.getByLabelText('Content'), 'Borrow checker notes');
  await u.selectOptions(screen.getByLabelText('Category'), 'PROGRAMMING');
}

describe('create post', () => {
  beforeEach(() => serveDrafts());

  it('shows the contract messages under the fields', async () => {
    await openCreate();
    const u = user();

    await u.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a category')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');

    await u.type(screen.getByLabelText('Title'), 'ab');
    await u.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('Title must be at least 3 characters')).toBeInTheDocument();

    await u.clear(screen.getByLabelText('Title'));
    await u.click(screen.getByLabelText('Title'));
    await u.paste('x'.repeat(101));
    await u.click(screen.getByRole('button', { name: 'Publish Post' }));
    expect(await screen.findByText('Title must be at most 100 characters')).toBeInTheDocument();
  });

  it('publishes the draft with the media as multipart, then opens the new post', async () => {
    let received: Awaited<ReturnType<typeof readSubmission>> | undefined;
    let published: unknown;
    serveDrafts(async (request, fields) => {
      received = await readSubmission(request);
      published = fields;
      return HttpResponse.json({ kind: 'POST', id: 77 }, { status: 201 });
    });
    servePost(postFixture({ id: 77 }));
    const { router } = await openCreate();
    const u = user();

    await fillValidPost(u);
    await u.click(screen.getByLabelText('Share how far I got'));
    const slider = screen.getByRole('slider', { name: 'Learning progress percent' });
    expect(slider).toHaveAttribute('step', '5');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');
    fireEvent.change(slider, { target: { value: '35' } });
    expect(screen.getByText('35%')).toBeInTheDocument();
    await u.upload(mediaInput(), [image()]);
    expect(screen.getByRole('img', { name: 'Preview of photo.png' })).toBeInTheDocument();
    await u.click(screen.getByLabelText('Describe photo.png'));
    await u.paste('My notes on a whiteboard');
    await u.click(screen.getByRole('button', { name: 'Publish Post' }));

    await router.arrivesAt('/post/77');
    expect(published).toEqual({
      title: 'Trying out Rust',
      content: 'Borrow checker notes',
      category: 'PROGRAMMING',
      learningProgressPercent: 35,
      tags: [],
    });
    expect(received).toEqual({
      postType: 'application/json',
      post: { altTexts: ['My notes on a whiteboard'], coverFileIndex: null },
      files: ['png bytes'],
    });
  });

  it('reminds before publishing an image without a description, and lets the person go on', async () => {
    let received: Awaited<ReturnType<typeof readSubmission>> | undefined;
    serveDrafts(async (request) => {
      received = await readSubmission(request);
      return HttpResponse.json({ kind: 'POST', id: 78 }, { status: 201 });
    });
    servePost(postFixture({ id: 78 }));
    const { router } = await openCreate();
    const u = user();
    await fillValidPost(u);
    await u.upload(mediaInput(), [image('one.png'), image('two.png')]);
    await u.click(screen.getByLabelText('Describe one.png'));
    await u.paste('A diagram');
    await u.click(screen.getByRole('button', { name: 'Publish Post' }));

    const reminder = await screen.findByRole('alert');
    expect(reminder).toHaveTextContent(MEDIA_MESSAGES.altTextMissing);
    expect(received).toBeUndefined();
    await u.click(within(reminder).getByRole('button', { name: 'Add descriptions' }));
    expect(screen.getByLabelText('Describe two.png')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Publish Post' }));
    await u.click(await screen.findByRole('button', { name: 'Publish without descriptions' }));
    await router.arrivesAt('/post/78');
    expect(received?.post).toMatchObject({ altTexts: ['A diagram', ''] });
    expect(received?.files).toHaveLength(2);
  });

  it("says 'Failed to create post. Please try again.' with the server's reason", async () => {
    serveDrafts(
      errorResponse(415, 'Only images (JPEG, PNG, GIF, WEBP) and videos (MP4, QuickTime) are allowed.'),
    );
    const { router } = await openCreate();
    const u = user();

    await fillValidPost(u);
    await u.click(screen.getByRole('button', { name: 'Publish Post' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create post. Please try again.');
    expect(alert).toHaveTextContent(
      'Only images (JPEG, PNG, GIF, WEBP) and videos (MP4, QuickTime) are allowed.',
    );
    expect(router.state.location.pathname).toBe('/create-post');
  });

  it.each([
    [
      'eleven files',
      () => Array.from({ length: 11 }, (_, i) => image(`p${i}.png`)),
      'You can upload a maximum of 10 files.',
    ],
    [
      'a file of another type',
      () => [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' })],
      'Only images (JPEG, PNG, GIF, WEBP) and videos (MP4, QuickTime) are allowed.',
    ],
    ['a file of 50MB', () => [bigImage()], 'Files must be less than 50MB.'],
  ])('refuses %s with the spec message', async (_label, files, message) => {
    await openCreate();

    await user().upload(mediaInput(), files());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
  });

  it('blocks publishing while a video is longer than 30 seconds, until it is removed', async () => {
    await openCreate();
    const u = user();
    await fillValidPost(u);

    await u.upload(mediaInput(), [video()]);
    const preview = screen.getByLabelText('Preview of clip.mp4');
    Object.defineProperty(preview, 'duration', { value: 35.2 });
    fireEvent.loadedMetadata(preview);

    expect(await screen.findByText('Video exceeds 30 seconds (35s)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Please fix the video errors before publishing');
    expect(screen.getByRole('button', { name: 'Publish Post' })).toBeDisabled();

    await u.click(screen.getByRole('button', { name: 'Remove clip.mp4' }));
    expect(screen.queryByText('Please fix the video errors before publishing')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish Post' })).toBeEnabled();
  });

  it("accepts a short video and says 'Failed to load video' for one the browser cannot read", async () => {
    await openCreate();
    const u = user();

    await u.upload(mediaInput(), [video('short.mp4'), video('broken.mp4')]);
    const short = screen.getByLabelText('Preview of short.mp4');
    Object.defineProperty(short, 'duration', { value: 12 });
    fireEvent.loadedMetadata(short);
    fireEvent.error(screen.getByLabelText('Preview of broken.mp4'));

    expect(await screen.findByText('Failed to load video')).toBeInTheDocument();
    expect(screen.queryByText(/Video exceeds/)).not.toBeInTheDocument();
  });

  it('saves a draft a moment after typing, and says so', async () => {
    const saved: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/api/drafts') && request.method === 'POST') saved.push(request.url);
    });
    const { router } = await openCreate();
    await user().type(screen.getByLabelText('Title'), 'Half a thought');

    expect(await screen.findByText('Draft saved', {}, { timeout: PAGE_LOAD_TIMEOUT_MS })).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe('?draft=500'));
    server.events.removeAllListeners();
  });

  it('restores the draft named in the address', async () => {
    server.use(
      http.get('/api/drafts/9', () =>
        HttpResponse.json({
          id: 9,
          kind: 'POST',
          fields: { title: 'Kept for later', content: 'Where I was', category: 'LANGUAGE', tags: ['french'] },
          createdAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        }),
      ),
    );
    renderApp('/create-post?draft=9', { signedIn: true });

    expect(await screen.findByLabelText('Title')).toHaveValue('Kept for later');
    expect(screen.getByLabelText('Content')).toHaveValue('Where I was');
    expect(screen.getByLabelText('Category')).toHaveValue('LANGUAGE');
  });

  it('asks before following a link while a change is not saved yet', async () => {
    // The draft's save is held: on a slow machine it could otherwise end before the click, and a saved
    // change is rightly left without a question.
    const save = heldResponse();
    server.use(http.post('/api/drafts', save.resolver));
    const { router } = await openCreate();
    const u = user();
    await u.type(screen.getByLabelText('Title'), 'Unsaved');
    await u.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Home' }));

    const question = await screen.findByRole('alertdialog', { name: 'Leave this page?' });
    expect(question).toHaveTextContent('Your latest changes are not saved yet. Leave anyway?');
    await u.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.pathname).toBe('/create-post');
    expect(screen.getByLabelText('Title')).toHaveValue('Unsaved');
    save.release(HttpResponse.json({ message: 'Not saved in this test' }, { status: 503 }));
  });

  it('goes home on Cancel', async () => {
    serveEmptyFeed();
    const { router } = await openCreate();

    await user().click(screen.getByRole('button', { name: 'Cancel' }));

    await router.arrivesAt('/');
  });
});

describe('edit post', () => {
  const editable = (fields: Partial<Post> = {}) =>
    postFixture({ media: [imageMedia(1), videoMedia(2)], learningProgressPercent: null, ...fields });

  async function openEdit(post: Post) {
    servePost(post);
    const rendered = renderApp(`/edit-post/${post.id}`, { signedIn: true });
    await screen.findByRole('heading', { name: 'Edit post' });
    return rendered;
  }

  it('starts from the post, removes existing media and saves, then opens the post', async () => {
    let received: Awaited<ReturnType<typeof readSubmission>> | undefined;
    server.use(
      http.put('/api/posts/42', async ({ request }) => {
        received = await readSubmission(request);
        return HttpResponse.json(editable({ title: 'Learning Rust lifetimes', media: [videoMedia(2)] }));
      }),
    );
    const { router } = await openEdit(editable());
    const u = user();

    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Learning Rust ownership');
    expect(screen.getByLabelText('Category')).toHaveValue('PROGRAMMING');
    expect(screen.getByLabelText('Share how far I got')).not.toBeChecked();
    await u.clear(title);
    await u.type(title, 'Learning Rust lifetimes');
    await u.click(screen.getByRole('button', { name: 'Remove existing image 1' }));
    await u.click(screen.getByRole('button', { name: 'Update Post' }));

    await router.arrivesAt('/post/42');
    expect(received).toEqual({
      postType: 'application/json',
      post: {
        title: 'Learning Rust lifetimes',
        content: 'Moves, borrows and lifetimes finally clicked today.',
        category: 'PROGRAMMING',
        learningProgressPercent: null,
        altTexts: [],
        removeMediaIds: [1],
        mediaAltTexts: [],
        tags: [],
        coverFileIndex: null,
        coverMediaId: null,
      },
      files: [],
    });
  });

  it('chooses the cover among the images and sends it with the edit', async () => {
    let received: Awaited<ReturnType<typeof readSubmission>> | undefined;
    server.use(
      http.put('/api/posts/42', async ({ request }) => {
        received = await readSubmission(request);
        return HttpResponse.json(editable());
      }),
    );
    const { user: u, router } = await openEdit(editable({ media: [imageMedia(1), imageMedia(3)] }));
    const cover = await screen.findByRole('group', { name: 'Cover image' });
    expect(within(cover).getByRole('radio', { name: 'First image' })).toBeChecked();
    await u.click(within(cover).getByRole('radio', { name: 'Cover: Existing image 2' }));
    await u.click(screen.getByRole('button', { name: 'Update Post' }));

    await router.arrivesAt('/post/42');
    expect(received?.post).toMatchObject({ coverMediaId: 3, coverFileIndex: null });
  });

  it('describes an image already attached: its description is sent as a change of that media', async () => {
    let received: Awaited<ReturnType<typeof readSubmission>> | undefined;
    server.use(
      http.put('/api/posts/42', async ({ request }) => {
        received = await readSubmission(request);
        return HttpResponse.json(editable());
      }),
    );
    const { router } = await openEdit(editable({ media: [imageMedia(1, ''), imageMedia(3, 'A cat')] }));
    const u = user();

    const first = await screen.findByLabelText('Describe existing image 1');
    expect(first).toHaveValue('');
    expect(screen.getByLabelText('Describe existing image 2')).toHaveValue('A cat');
    await u.click(first);
    await u.paste('Ferris the crab');
    await u.click(screen.getByRole('button', { name: 'Update Post' }));

    await router.arrivesAt('/post/42');
    expect(received?.post).toMatchObject({
      removeMediaIds: [],
      mediaAltTexts: [{ id: 1, altText: 'Ferris the crab' }],
    });
  });

  it('counts the media already attached toward the limit of 10', async () => {
    await openEdit(editable({ media: Array.from({ length: 9 }, (_, i) => imageMedia(i + 1)) }));

    await user().upload(await screen.findByLabelText('Add photos or videos'), [
      image('a.png'),
      image('b.png'),
    ]);

    expect(await screen.findByRole('alert')).toHaveTextContent('You can upload a maximum of 10 files.');
  });

  it("says 'Failed to update post. Please try again.' when saving fails", async () => {
    server.use(http.put('/api/posts/42', () => HttpResponse.error()));
    await openEdit(editable());

    await user().click(await screen.findByRole('button', { name: 'Update Post' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update post. Please try again.');
  });

  it("refuses someone else's post with 'Go Back'", async () => {
    serveEmptyFeed();
    const { router } = await openEdit(editable({ author: bobRef }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You do not have permission to edit this post',
    );
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Go Back' }));
    await router.arrivesAt('/');
  });

  it.each([
    [404, 'Post not found'],
    [403, 'Failed to fetch post. Please try again.'],
  ])('explains a load that fails with %i', async (status, message) => {
    server.use(http.get('/api/posts/42', errorResponse(status, 'No')));
    renderApp('/edit-post/42', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it("answers 'Invalid post ID format: {id}' for an id that is not a number", async () => {
    renderApp('/edit-post/abc', { signedIn: true });

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid post ID format: abc');
  });

  it('goes back on Cancel', async () => {
    servePost(editable());
    serveEmptyFeed();
    const { router } = renderApp('/?tab=posts', { signedIn: true });
    await screen.findByRole('heading', { name: 'Welcome back, Ann Lee' });
    await router.navigate('/edit-post/42');

    await user().click(await screen.findByRole('button', { name: 'Cancel' }));

    await vi.waitFor(() => expect(router.state.location.search).toBe('?tab=posts'));
    expect(within(document.body).getByRole('heading', { name: 'Welcome back, Ann Lee' })).toBeInTheDocument();
  });
});

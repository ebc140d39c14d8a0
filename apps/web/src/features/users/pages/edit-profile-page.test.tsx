import { STORAGE_KEYS, type UserProfile } from '@pathwise/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse } from '../../../test/error-response';
import { ANN_TOKEN, ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';
import { serveProfiles } from '../../../test/profiles';
import { renderApp } from '../../../test/render-app';

const NEW_PICTURE = 'http://localhost/api/media/avatars/new.webp';
const photo = () => new File(['fake image bytes'], 'me.png', { type: 'image/png' });

// Compiles the lazily loaded page (with zod and the form library) before the first test's clock starts.
beforeAll(() => import('./edit-profile-page'));

beforeEach(() => {
  // jsdom has no object URLs; the preview only needs one to show.
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
});

async function openEditPage() {
  serveProfiles();
  const rendered = renderApp('/profile/edit', { signedIn: true });
  await screen.findByRole('heading', { name: 'Edit Profile' });
  return rendered;
}

/** Records the PUT bodies and answers them as the server would. */
function servePut() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.put('/api/users/7', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      const { id: _id, ...fields } = body;
      return HttpResponse.json({ ...ann, ...fields } as UserProfile);
    }),
  );
  return bodies;
}

describe('edit profile page', () => {
  it('starts from the current values and validates with the contract messages', async () => {
    const bodies = servePut();
    const { user } = await openEditPage();

    expect(screen.getByLabelText('Name')).toHaveValue('Ann Lee');
    expect(screen.getByLabelText('Email')).toHaveValue('ann@example.com');
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'ann@');
    await user.click(screen.getByLabelText('Location'));
    await user.paste('x'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Invalid email address');
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription(
      'Location must be at most 100 characters',
    );
    expect(bodies).toEqual([]);
  });

  it('saves the fields and goes to the profile, the top bar showing the new name at once', async () => {
    const bodies = servePut();
    const { user, router } = await openEditPage();

    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ann Marie Lee');
    await user.type(screen.getByLabelText('Bio'), 'Learning Go.');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await router.arrivesAt('/profile/7');
    expect(bodies).toEqual([
      {
        id: 7,
        name: 'Ann Marie Lee',
        email: 'ann@example.com',
        bio: 'Learning Go.',
        location: null,
        profilePicture: null,
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Open user menu' }));
    expect(screen.getByRole('menu')).toHaveTextContent('Ann Marie Lee');
  });

  it('uploads a new picture first, previews it, and shows it in the top bar', async () => {
    const uploads: string[] = [];
    server.use(
      http.post('/api/users/profile-picture', async ({ request }) => {
        uploads.push(await ((await request.formData()).get('file') as File).text());
        return HttpResponse.json({ fileUrl: NEW_PICTURE });
      }),
    );
    const bodies = servePut();
    const { user, router } = await openEditPage();

    await user.upload(screen.getByLabelText('Choose image'), photo());
    expect(screen.getByRole('img', { name: 'Profile picture preview' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await router.arrivesAt('/profile/7');
    expect(uploads).toEqual(['fake image bytes']);
    expect(bodies[0]).toMatchObject({ profilePicture: NEW_PICTURE });
    const menuButton = screen.getByRole('button', { name: 'Open user menu' });
    expect(within(menuButton).getByRole('presentation')).toHaveAttribute('src', NEW_PICTURE);
  });

  it('aborts the save when the picture upload fails', async () => {
    server.use(http.post('/api/users/profile-picture', errorResponse(415, 'Please choose an image file.')));
    const bodies = servePut();
    const { user, router } = await openEditPage();

    await user.upload(screen.getByLabelText('Choose image'), photo());
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to upload profile picture. Please try again.',
    );
    expect(bodies).toEqual([]);
    expect(router.state.location.pathname).toBe('/profile/edit');
  });

  it('refuses a file that is not an image before sending anything', async () => {
    const { router } = await openEditPage();

    fireEvent.change(screen.getByLabelText('Choose image'), {
      target: { files: [new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' })] },
    });

    expect(screen.getByLabelText('Choose image')).toHaveAccessibleDescription(
      'Please choose an image file (JPEG, PNG, GIF or WEBP).',
    );
    expect(screen.getByRole('img', { name: 'Profile picture preview' })).not.toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(router.state.location.pathname).toBe('/profile/edit');
  });

  it("shows the server's message, else 'Failed to update profile'", async () => {
    server.use(http.put('/api/users/7', errorResponse(409, 'Email address already in use.')));
    const { user } = await openEditPage();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email address already in use.');

    server.use(http.put('/api/users/7', () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to update profile'));
  });

  it('removes the picture when asked', async () => {
    const bodies = servePut();
    const withPicture = { ...ann, profilePicture: 'https://cdn.example/ann.png' };
    localStorage.setItem(STORAGE_KEYS.authToken, ANN_TOKEN);
    server.use(http.get('/api/auth/me', () => HttpResponse.json(withPicture)));
    serveProfiles(withPicture);
    const { user, router } = renderApp('/profile/edit');

    await user.click(await screen.findByRole('button', { name: 'Remove picture' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await router.arrivesAt('/profile/7');
    expect(bodies[0]).toMatchObject({ profilePicture: null });
  });

  it('goes back to the profile on Cancel without saving', async () => {
    const bodies = servePut();
    const { user, router } = await openEditPage();

    await user.type(screen.getByLabelText('Name'), ' changed');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await router.arrivesAt('/profile/7');
    expect(bodies).toEqual([]);
  });
});

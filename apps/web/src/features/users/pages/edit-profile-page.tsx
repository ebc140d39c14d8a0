import { zodResolver } from '@hookform/resolvers/zod';
import { profileUpdateBody } from '@pathwise/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorBox } from '../../../components/callout';
import { Spinner } from '../../../components/spinner';
import { TextAreaField, TextField } from '../../../components/text-field';
import { serverMessageOr } from '../../../lib/api-client';
import { useAuth, useSignedInUser } from '../../../lib/auth/auth-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { profileKey } from '../api/queries';
import { updateProfile, uploadProfilePicture } from '../api/users-api';
import { type PictureChoice, PictureField } from '../components/picture-field';

const profileFields = profileUpdateBody.pick({ name: true, email: true, bio: true, location: true });
type ProfileFieldsInput = z.input<typeof profileFields>;
type ProfileFields = z.output<typeof profileFields>;

const UPLOAD_FAILED = 'Failed to upload profile picture. Please try again.';

/** /profile/edit: the signed-in user's name, bio, location and picture. */
export function EditProfilePage() {
  useDocumentTitle('Edit profile');
  const me = useSignedInUser();
  const { updateUser } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [picture, setPicture] = useState<PictureChoice>({ kind: 'current' });
  const [saveError, setSaveError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFieldsInput, unknown, ProfileFields>({
    resolver: zodResolver(profileFields),
    defaultValues: { name: me.name, email: me.email, bio: me.bio, location: me.location },
  });
  const backToProfile = () => navigate(`/profile/${me.id}`);

  const save = async (fields: ProfileFields) => {
    setSaveError(null);
    let profilePicture = picture.kind === 'none' ? null : me.profilePicture;
    if (picture.kind === 'file') {
      try {
        profilePicture = (await uploadProfilePicture(picture.file)).fileUrl;
      } catch {
        setSaveError(UPLOAD_FAILED);
        return;
      }
      // The server shows the new picture from now on, whatever happens to the rest of the form.
      updateUser({ profilePicture });
      setPicture({ kind: 'current' });
    }
    try {
      const updated = await updateProfile(me.id, { ...fields, id: me.id, profilePicture });
      updateUser(updated);
      queryClient.setQueryData(profileKey(me.id), updated);
      backToProfile();
    } catch (error) {
      setSaveError(serverMessageOr(error, 'Failed to update profile'));
    }
  };

  return (
    <section aria-labelledby="edit-profile-title" className="mx-auto max-w-2xl">
      <h1 id="edit-profile-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Edit Profile
      </h1>
      <form
        noValidate
        onSubmit={handleSubmit(save)}
        className="mt-6 space-y-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      >
        {saveError && <ErrorBox>{saveError}</ErrorBox>}
        <PictureField currentUrl={me.profilePicture} choice={picture} onChange={setPicture} />
        <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextAreaField label="Bio" rows={4} error={errors.bio?.message} {...register('bio')} />
        <TextField
          label="Location"
          autoComplete="address-level2"
          error={errors.location?.message}
          {...register('location')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" onClick={backToProfile} className="btn-secondary">
            Cancel
          </button>
          <button type="submit" disabled={isSubmitting} className="btn-primary">
            {isSubmitting && <Spinner className="size-4" />}
            {isSubmitting ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORIES,
  MEDIA_MESSAGES,
  POST_LIMITS,
  type Post,
  type PostInput,
  postInput,
} from '@pathwise/contract';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ErrorBox } from '../../../components/callout';
import { MarkdownField } from '../../../components/markdown/markdown-field';
import { AltTextReminder } from '../../../components/media/alt-text-reminder';
import { MediaPicker } from '../../../components/media/media-picker';
import { useMediaSelection } from '../../../components/media/use-media-selection';
import { ProgressBar } from '../../../components/progress-bar';
import { TagEditor } from '../../../components/tag-editor';
import { SelectField, TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { categoryLabel } from '../../../lib/labels';
import { fromLocalInput, localTimeZone, toLocalInput } from '../../../lib/local-time';
import { usePostsChanged, useSavePost } from '../api/queries';
import { useGoBack } from '../use-go-back';
import { type CoverChoice, CoverPicker, coverFields } from './cover-picker';

export type PostFormValues = z.input<typeof postInput>;

/**
 * A new post written as a draft (docs/features.md, "Drafts"): the form starts from `values`, reports every
 * change, and publishes through `publish`, which answers the new post's id.
 */
export type PostDraftBinding = {
  values?: Partial<PostFormValues>;
  onChange: (values: Partial<PostFormValues>) => void;
  publish: (submission: {
    fields: PostInput;
    files: File[];
    altTexts: string[];
    /** Which of `files` is the cover; null: the first image. */
    coverFileIndex: number | null;
    onProgress: (sentShare: number) => void;
  }) => Promise<number>;
};

const FAILURE = {
  create: 'Failed to create post. Please try again.',
  edit: 'Failed to update post. Please try again.',
} as const;

const valuesOf = (post: Post | undefined): Partial<PostFormValues> =>
  post
    ? {
        title: post.title,
        content: post.content,
        category: post.category,
        learningProgressPercent: post.learningProgressPercent,
        tags: post.tags,
      }
    : { learningProgressPercent: null, tags: [] };

type PostFormProps = {
  /** The post being edited; without it the form creates a new one. */
  post?: Post;
  /** A new post kept as a draft while it is written. */
  draft?: PostDraftBinding;
};

/** Creating or editing a post, each rule's message under its field. */
export function PostForm({ post, draft }: PostFormProps) {
  const mode = post ? 'edit' : 'create';
  const navigate = useNavigate();
  const goBack = useGoBack();
  const save = useSavePost(post?.id);
  const postsChanged = usePostsChanged();
  const media = useMediaSelection(post?.media ?? []);
  const [cover, setCover] = useState<CoverChoice>(
    post?.coverChosen && post.coverMediaId !== null
      ? { kind: 'kept', id: post.coverMediaId }
      : { kind: 'first' },
  );
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [failure, setFailure] = useState<{ text: string; reason: string | null } | null>(null);
  // Images without a description: the form reminds once per attempt; the person may publish anyway.
  const [reminding, setReminding] = useState(false);
  const publishUndescribed = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PostFormValues, unknown, PostInput>({
    resolver: zodResolver(postInput),
    defaultValues: { ...valuesOf(post), ...draft?.values },
  });

  const onDraftChange = draft?.onChange;
  useEffect(() => {
    if (!onDraftChange) return;
    const subscription = watch((values) => onDraftChange(values as Partial<PostFormValues>));
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);

  const scheduled = useWatch({ control, name: 'publishAt' }) !== undefined;

  const submit = handleSubmit(async (fields) => {
    if (media.hasVideoErrors) return;
    if (media.undescribedImages > 0 && !publishUndescribed.current) {
      setReminding(true);
      return;
    }
    publishUndescribed.current = false;
    setReminding(false);
    setFailure(null);
    const files = media.chosen.map((item) => item.file);
    setUploaded(files.length > 0 ? 0 : null);
    const coverOf = coverFields(cover, media, post !== undefined);
    try {
      if (draft) {
        const id = await draft.publish({
          fields,
          files,
          altTexts: media.altTexts,
          coverFileIndex: coverOf.coverFileIndex,
          onProgress: setUploaded,
        });
        await postsChanged();
        // A scheduled post is nobody's to read yet: its author finds it among their scheduled posts.
        navigate(fields.publishAt ? '/scheduled' : `/post/${id}`);
        return;
      }
      const saved = await save.mutateAsync({
        fields: { ...fields, altTexts: media.altTexts, ...coverOf },
        files,
        ...(post && { removeMediaIds: media.removedIds, mediaAltTexts: media.mediaAltTexts }),
        onProgress: setUploaded,
      });
      navigate(fields.publishAt ? '/scheduled' : `/post/${saved.id}`);
    } catch (error) {
      setUploaded(null);
      const reason = error instanceof ApiError && error.status < 500 ? (error.body?.message ?? null) : null;
      setFailure({ text: FAILURE[mode], reason });
    }
  });

  return (
    // noValidate: the contract's messages replace the browser's own bubbles.
    <form ref={form} noValidate onSubmit={submit} className="space-y-6">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <MarkdownField
        label="Content"
        rows={6}
        text={useWatch({ control, name: 'content' })}
        error={errors.content?.message}
        {...register('content')}
      />
      <SelectField label="Category" error={errors.category?.message} {...register('category')}>
        <option value="">Select a category</option>
        {CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {categoryLabel(category)}
          </option>
        ))}
      </SelectField>
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <TagEditor value={field.value ?? []} onChange={field.onChange} error={errors.tags?.message} />
        )}
      />
      <Controller
        control={control}
        name="learningProgressPercent"
        render={({ field }) => <ProgressSlider value={field.value ?? null} onChange={field.onChange} />}
      />
      <MediaPicker selection={media} />
      <CoverPicker selection={media} value={cover} onChange={setCover} />
      {mode === 'create' && (
        <Controller
          control={control}
          name="publishAt"
          render={({ field }) => (
            <ScheduleField value={field.value} onChange={field.onChange} error={errors.publishAt?.message} />
          )}
        />
      )}

      {uploaded !== null && (
        <div className="space-y-1">
          <p className="text-sm text-slate-700">Uploading... {Math.round(uploaded * 100)}%</p>
          <ProgressBar value={uploaded * 100} label="Upload progress" />
        </div>
      )}
      {media.hasVideoErrors && <ErrorBox>{MEDIA_MESSAGES.fixVideoErrors}</ErrorBox>}
      {reminding && media.undescribedImages > 0 && (
        <AltTextReminder
          form={form}
          onDescribe={() => setReminding(false)}
          onPublish={() => {
            publishUndescribed.current = true;
          }}
        />
      )}
      {failure && (
        <ErrorBox>
          <p>{failure.text}</p>
          {failure.reason && <p>{failure.reason}</p>}
        </ErrorBox>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" onClick={() => (post ? goBack() : navigate('/'))} className="btn-secondary">
          Cancel
        </button>
        <button
          type="submit"
          disabled={isSubmitting || media.hasVideoErrors || media.checkingVideos}
          className="btn-primary"
        >
          {isSubmitting ? 'Saving...' : post ? 'Update Post' : scheduled ? 'Schedule Post' : 'Publish Post'}
        </button>
      </div>
    </form>
  );
}

/**
 * Publish now, or at a time picked on the writer's own clock (docs/features.md, "Scheduled posts"): the
 * form holds the ISO instant, empty while the box is ticked without a time (which the contract refuses).
 */
function ScheduleField({
  value,
  onChange,
  error,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  error: string | undefined;
}) {
  const later = value !== undefined;
  const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000).toISOString();
  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium text-slate-800">When to publish</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={later}
          onChange={(event) => onChange(event.target.checked ? inAnHour() : undefined)}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        Schedule for later
      </label>
      {later && (
        <TextField
          type="datetime-local"
          step={1}
          label={`Publish at (${localTimeZone()} time)`}
          min={toLocalInput(new Date().toISOString())}
          value={toLocalInput(value)}
          error={error}
          onChange={(event) => onChange(fromLocalInput(event.target.value) ?? '')}
        />
      )}
    </fieldset>
  );
}

/** Learning progress is a number from 0 to 100 in steps of 5, or none at all. */
function ProgressSlider({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="block text-sm font-medium text-slate-800">Learning progress</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(event) => onChange(event.target.checked ? 0 : null)}
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        Share how far I got
      </label>
      {value !== null && (
        <div className="flex items-center gap-3">
          <input
            type="range"
            min={0}
            max={100}
            step={POST_LIMITS.progressStep}
            value={value}
            aria-label="Learning progress percent"
            aria-valuetext={`${value}%`}
            onChange={(event) => onChange(Number(event.target.value))}
            className="w-full accent-indigo-600"
          />
          <output className="w-12 text-right text-sm font-semibold text-slate-800">{value}%</output>
        </div>
      )}
    </fieldset>
  );
}

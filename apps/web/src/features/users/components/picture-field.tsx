import { IMAGE_TYPES, MEDIA_LIMITS, MEDIA_MESSAGES } from '@pathwise/contract';
import { useEffect, useId, useState } from 'react';
import { Avatar } from '../../../components/avatar';

/** The picture the form will save: the current one, a newly chosen file, or none. */
export type PictureChoice = { kind: 'current' } | { kind: 'file'; file: File } | { kind: 'none' };

type PictureFieldProps = {
  currentUrl: string | null;
  choice: PictureChoice;
  onChange: (choice: PictureChoice) => void;
};

/** Profile picture, any image file, previewed before saving. */
export function PictureField({ currentUrl, choice, onChange }: PictureFieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [error, setError] = useState<string | null>(null);
  const preview = usePreviewUrl(choice.kind === 'file' ? choice.file : null);
  const shown = choice.kind === 'file' ? preview : choice.kind === 'current' ? currentUrl : null;

  const choose = (file: File | undefined) => {
    if (!file) return;
    const problem = !file.type.startsWith('image/')
      ? MEDIA_MESSAGES.imageOnly
      : file.size >= MEDIA_LIMITS.maxFileBytes
        ? MEDIA_MESSAGES.tooLarge
        : null;
    setError(problem);
    if (!problem) onChange({ kind: 'file', file });
  };

  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-800">Profile picture</legend>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        <Avatar src={shown} alt="Profile picture preview" className="size-20" />
        <label
          htmlFor={inputId}
          className="btn-secondary cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600"
        >
          Choose image
          <input
            id={inputId}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            className="sr-only"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {shown && (
          <button
            type="button"
            className="text-link text-sm"
            onClick={() => {
              setError(null);
              onChange({ kind: 'none' });
            }}
          >
            Remove picture
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** An object URL showing `file`, released when the file changes or the field goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

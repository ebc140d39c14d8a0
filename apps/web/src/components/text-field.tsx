import { type ComponentProps, type ReactNode, useId } from 'react';

type FieldProps = {
  label: string;
  /** Shown under the field and linked to it, so screen readers read it with the field. */
  error?: string | undefined;
};

const CONTROL_CLASSES =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'placeholder:text-slate-400 focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-indigo-600/30 aria-invalid:border-red-500';

/** Label, control and error message, wired together by ids. */
function Field({
  label,
  error,
  id,
  control,
}: FieldProps & {
  id: string | undefined;
  control: (props: {
    id: string;
    className: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id: inputId,
        className: CONTROL_CLASSES,
        ...(error && { 'aria-invalid': true, 'aria-describedby': errorId }),
      })}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, id, ...inputProps }: ComponentProps<'input'> & FieldProps) {
  return (
    <Field label={label} error={error} id={id} control={(wiring) => <input {...wiring} {...inputProps} />} />
  );
}

export function TextAreaField({
  label,
  error,
  id,
  ...textAreaProps
}: ComponentProps<'textarea'> & FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      id={id}
      control={(wiring) => <textarea {...wiring} {...textAreaProps} />}
    />
  );
}

export function SelectField({ label, error, id, ...selectProps }: ComponentProps<'select'> & FieldProps) {
  return (
    <Field
      label={label}
      error={error}
      id={id}
      control={(wiring) => <select {...wiring} {...selectProps} />}
    />
  );
}

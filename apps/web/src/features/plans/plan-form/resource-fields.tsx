import { RESOURCE_TYPES } from '@pathwise/contract';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { MarkdownField } from '../../../components/markdown/markdown-field';
import { SelectField, TextField } from '../../../components/text-field';
import { resourceTypeLabel } from '../../../lib/labels';
import { ItemActions } from './item-actions';
import type { PlanFormOutput, PlanFormValues } from './plan-form-schema';

type ResourceFieldsProps = {
  form: UseFormReturn<PlanFormValues, unknown, PlanFormOutput>;
  topicIndex: number;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
};

/** One resource of a topic: a link of some type, or an uploaded PDF. */
export function ResourceFields({ form, topicIndex, index, count, onMove, onRemove }: ResourceFieldsProps) {
  const { register, control, setValue } = form;
  const path = `topics.${topicIndex}.resources.${index}` as const;
  const source = useWatch({ control, name: `${path}.source.kind` });
  const hasFile = useWatch({ control, name: `${path}.source.hasFile` });
  const errors = form.formState.errors.topics?.[topicIndex]?.resources?.[index];
  const number = index + 1;

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <legend className="text-sm font-semibold text-slate-800">Resource {number}</legend>
      <ItemActions kind="resource" index={index} count={count} onMove={onMove} onRemove={onRemove} />
      <TextField label="Resource title" error={errors?.title?.message} {...register(`${path}.title`)} />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Source</legend>
        <div className="mt-1.5 flex gap-4 text-sm">
          {(['url', 'file'] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                value={value}
                className="accent-indigo-600"
                {...register(`${path}.source.kind`, {
                  // A file resource is a PDF.
                  onChange: (event: { target: HTMLInputElement }) =>
                    event.target.value === 'file' && setValue(`${path}.type`, 'PDF'),
                })}
              />
              {value === 'url' ? 'URL' : 'PDF file'}
            </label>
          ))}
        </div>
      </fieldset>
      {source === 'url' ? (
        <>
          <TextField
            label="Resource URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            error={errors?.source?.url?.message}
            {...register(`${path}.source.url`)}
          />
          <SelectField label="Resource type" error={errors?.type?.message} {...register(`${path}.type`)}>
            <option value="">Select a type</option>
            {RESOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {resourceTypeLabel(type)}
              </option>
            ))}
          </SelectField>
        </>
      ) : (
        <Controller
          control={control}
          name={`${path}.source.file`}
          render={({ field }) => (
            <div>
              <TextField
                label="Choose a PDF"
                type="file"
                accept="application/pdf"
                error={errors?.source?.file?.message}
                name={field.name}
                ref={field.ref}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
              />
              {hasFile && !field.value && (
                <p className="mt-1 text-sm text-slate-600">
                  A PDF is uploaded; choose another file to replace it.
                </p>
              )}
            </div>
          )}
        />
      )}
      <MarkdownField
        label="Resource description"
        rows={2}
        text={useWatch({ control, name: `${path}.description` })}
        {...register(`${path}.description`)}
      />
      <TextField
        label="Estimated minutes"
        type="number"
        min={1}
        step={1}
        inputMode="numeric"
        error={errors?.durationMinutes?.message}
        {...register(`${path}.durationMinutes`, {
          setValueAs: (value) => (value === '' || value === null ? null : Number(value)),
        })}
      />
    </fieldset>
  );
}

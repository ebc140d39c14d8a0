import { type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { MarkdownField } from '../../../components/markdown/markdown-field';
import { TextField } from '../../../components/text-field';
import { ItemActions } from './item-actions';
import { emptyResource, type PlanFormOutput, type PlanFormValues } from './plan-form-schema';
import { ResourceFields } from './resource-fields';

type TopicFieldsProps = {
  form: UseFormReturn<PlanFormValues, unknown, PlanFormOutput>;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
};

/** One topic with its resources; the only remaining topic cannot be removed. */
export function TopicFields({ form, index, count, onMove, onRemove }: TopicFieldsProps) {
  const { register, control } = form;
  const resources = useFieldArray({ control, name: `topics.${index}.resources` });
  const errors = form.formState.errors.topics?.[index];
  const number = index + 1;

  return (
    <fieldset className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <legend className="px-1 font-semibold text-slate-900">Topic {number}</legend>
      <ItemActions
        kind="topic"
        index={index}
        count={count}
        onMove={onMove}
        onRemove={onRemove}
        keepReason={count === 1 ? 'A plan needs at least one topic' : undefined}
      />
      <TextField label="Topic title" error={errors?.title?.message} {...register(`topics.${index}.title`)} />
      <MarkdownField
        label="Topic description"
        rows={2}
        text={useWatch({ control, name: `topics.${index}.description` })}
        {...register(`topics.${index}.description`)}
      />

      <div className="space-y-3">
        {resources.fields.map((field, resourceIndex) => (
          <ResourceFields
            key={field.id}
            form={form}
            topicIndex={index}
            index={resourceIndex}
            count={resources.fields.length}
            onMove={resources.move}
            onRemove={() => resources.remove(resourceIndex)}
          />
        ))}
        {errors?.resources?.root?.message && (
          <p className="text-sm text-red-700">{errors.resources.root.message}</p>
        )}
        <button
          type="button"
          onClick={() => resources.append(emptyResource())}
          aria-label={`Add Resource to topic ${number}`}
          className="btn-secondary"
        >
          Add Resource
        </button>
      </div>
    </fieldset>
  );
}

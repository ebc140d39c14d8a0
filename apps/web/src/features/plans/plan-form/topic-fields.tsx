import { PLAN_MAP_MESSAGES } from '@pathwise/contract';
import { Controller, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
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

      <PrerequisitePicker form={form} index={index} />

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

/** A checkbox per other topic of the form: the ones this topic needs first. */
function PrerequisitePicker({ form, index }: Pick<TopicFieldsProps, 'form' | 'index'>) {
  const topics = useWatch({ control: form.control, name: 'topics' });
  const title = topics[index]?.title || `Topic ${index + 1}`;
  const others = topics.flatMap((topic, position) =>
    position === index ? [] : [{ key: topic.key, title: topic.title || `Topic ${position + 1}` }],
  );
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium text-slate-800">
        {PLAN_MAP_MESSAGES.prerequisitesLabel(title)}
      </legend>
      {others.length === 0 ? (
        <p className="text-sm text-slate-500">{PLAN_MAP_MESSAGES.noOtherTopics}</p>
      ) : (
        <Controller
          control={form.control}
          name={`topics.${index}.prerequisites`}
          render={({ field }) => (
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {others.map((other) => (
                <li key={other.key}>
                  <label className="flex items-center gap-2 text-sm text-slate-700">
                    <input
                      type="checkbox"
                      className="size-4 accent-indigo-600"
                      checked={field.value.includes(other.key)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? [...field.value, other.key]
                            : field.value.filter((key) => key !== other.key),
                        )
                      }
                    />
                    {other.title}
                  </label>
                </li>
              ))}
            </ul>
          )}
        />
      )}
    </fieldset>
  );
}

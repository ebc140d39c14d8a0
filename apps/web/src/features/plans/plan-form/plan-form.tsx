import { zodResolver } from '@hookform/resolvers/zod';
import { CATEGORIES, type LearningPlan, PLAN_LIMITS, PLAN_MESSAGES } from '@pathwise/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../../components/callout';
import { MarkdownField } from '../../../components/markdown/markdown-field';
import { TagEditor } from '../../../components/tag-editor';
import { SelectField, TextField } from '../../../components/text-field';
import { serverMessageOr } from '../../../lib/api-client';
import { categoryLabel } from '../../../lib/labels';
import { planKeys } from '../api/queries';
import { emptyTopic, type PlanFormOutput, type PlanFormValues, planFormSchema } from './plan-form-schema';
import { savePlan } from './save-plan';
import { TopicFields } from './topic-fields';

/**
 * A new plan written as a draft (docs/features.md, "Drafts"): the form reports every change, and says once
 * the plan is created, before going to it.
 */
export type PlanDraftBinding = {
  onChange: (values: Partial<PlanFormValues>) => void;
  onCreated: () => Promise<void>;
};

type PlanFormProps = {
  /** The plan being edited; null creates a new one. */
  planId: number | null;
  initialValues: PlanFormValues;
  /** A new plan kept as a draft while it is written. */
  draft?: PlanDraftBinding;
};

/** Creating or editing a learning plan, each rule's message under its field. */
export function PlanForm({ planId, initialValues, draft }: PlanFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Once stored, the plan is edited from then on: a retry after a failed upload must not create another.
  const [storedPlanId, setStoredPlanId] = useState(planId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PlanFormValues, unknown, PlanFormOutput>({
    resolver: zodResolver(planFormSchema),
    defaultValues: initialValues,
  });
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const topics = useFieldArray({ control: form.control, name: 'topics' });

  const onDraftChange = draft?.onChange;
  const { watch } = form;
  useEffect(() => {
    if (!onDraftChange) return;
    const subscription = watch((values) => onDraftChange(values as Partial<PlanFormValues>));
    return () => subscription.unsubscribe();
  }, [watch, onDraftChange]);

  const adoptSavedIds = (plan: LearningPlan) => {
    setStoredPlanId(plan.id);
    plan.topics.forEach((topic, topicIndex) => {
      setValue(`topics.${topicIndex}.savedId`, topic.id);
      topic.resources.forEach((resource, index) => {
        setValue(`topics.${topicIndex}.resources.${index}.savedId`, resource.id);
      });
    });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const id = await savePlan({ planId: storedPlanId, values, onPlanStored: adoptSavedIds });
      await queryClient.invalidateQueries({ queryKey: planKeys.all });
      await draft?.onCreated();
      navigate(`/learning-plan/${id}`);
    } catch (error) {
      setFailure(serverMessageOr(error, PLAN_MESSAGES.saveFailed));
    }
  });

  return (
    // noValidate: the contract's messages replace the browser's own bubbles.
    <form noValidate onSubmit={submit} className="space-y-8">
      <div className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <TextField
          label="Title"
          maxLength={PLAN_LIMITS.titleMaxLength}
          error={errors.title?.message}
          {...register('title')}
        />
        <MarkdownField
          label="Description"
          rows={4}
          text={useWatch({ control: form.control, name: 'description' })}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField label="Category" error={errors.category?.message} {...register('category')}>
            <option value="">Select a category</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {categoryLabel(category)}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Estimated days"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            error={errors.estimatedDays?.message}
            {...register('estimatedDays', { valueAsNumber: true })}
          />
          <TextField
            label="Start date"
            type="date"
            error={errors.schedule?.startDate?.message}
            {...register('schedule.startDate')}
          />
          <TextField
            label="Target completion date"
            type="date"
            error={errors.schedule?.targetCompletionDate?.message}
            {...register('schedule.targetCompletionDate')}
          />
        </div>
        <Controller
          control={form.control}
          name="tags"
          render={({ field }) => (
            <TagEditor value={field.value ?? []} onChange={field.onChange} error={errors.tags?.message} />
          )}
        />
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" className="size-4 accent-indigo-600" {...register('isPublic')} />
          Public: everyone can see this plan and track their own progress on it
        </label>
      </div>

      <section aria-labelledby="topics-heading" className="space-y-4">
        <h2 id="topics-heading" className="text-lg font-semibold text-slate-900">
          Topics
        </h2>
        {errors.topics?.root?.message && <ErrorBox>{errors.topics.root.message}</ErrorBox>}
        {topics.fields.map((field, index) => (
          <TopicFields
            key={field.id}
            form={form}
            index={index}
            count={topics.fields.length}
            onMove={topics.move}
            onRemove={() => topics.remove(index)}
          />
        ))}
        <button type="button" onClick={() => topics.append(emptyTopic())} className="btn-secondary">
          Add Topic
        </button>
      </section>

      {failure && <ErrorBox>{failure}</ErrorBox>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={() => navigate(planId === null ? '/' : `/learning-plan/${planId}`)}
          className="btn-secondary"
        >
          Cancel
        </button>
        <button type="submit" disabled={isSubmitting} className="btn-primary">
          {isSubmitting ? 'Saving...' : planId === null ? 'Create Learning Plan' : 'Update Learning Plan'}
        </button>
      </div>
    </form>
  );
}

import { type LearningPlan, PLAN_MAP_MESSAGES } from '@pathwise/contract';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { planFixture } from '../../../test/plans';
import { renderApp } from '../../../test/render-app';

/** Ownership (completed) ← Traits ← Async, and Macros needing Traits: Ann's plan with four topics. */
function mapPlan(): LearningPlan {
  const base = planFixture();
  const [ownership, traits] = base.topics;
  return planFixture({
    topics: [
      ownership!,
      { ...traits!, completionStatus: 'NOT_STARTED', prerequisiteTopicIds: [11] },
      { ...traits!, id: 13, title: 'Async', orderIndex: 2, prerequisiteTopicIds: [12] },
      {
        ...traits!,
        id: 14,
        title: 'Macros',
        orderIndex: 3,
        prerequisiteTopicIds: [12],
        completionStatus: 'SKIPPED',
      },
    ],
    completedTopics: 1,
    skippedTopics: 1,
    completionPercentage: 33.3,
  });
}

/** Serves the plan and records each status change, answering with the plan as it then is. */
function servePlanWithProgress(plan: LearningPlan) {
  const calls: string[] = [];
  let current = plan;
  server.use(
    http.get(`/api/learning-plans/${plan.id}`, () => HttpResponse.json(current)),
    http.get(`/api/learning-plans/${plan.id}/notes`, () => HttpResponse.json([])),
    http.patch(`/api/learning-plans/${plan.id}/topics/:topicId/user-progress`, ({ request, params }) => {
      const status = new URL(request.url).searchParams.get(
        'status',
      ) as LearningPlan['topics'][0]['completionStatus'];
      calls.push(`${params.topicId}=${status}`);
      current = {
        ...current,
        topics: current.topics.map((topic) =>
          topic.id === Number(params.topicId) ? { ...topic, completionStatus: status } : topic,
        ),
      };
      return HttpResponse.json(current);
    }),
  );
  return calls;
}

const mapOf = () => screen.findByRole('region', { name: PLAN_MAP_MESSAGES.mapLabel('Learn Rust') });

describe('the plan map', () => {
  it('draws every topic with its status and legend, says what a topic still needs, and keeps the view in the address', async () => {
    servePlanWithProgress(mapPlan());
    const { user, router } = renderApp('/learning-plan/5', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Learn Rust' });
    expect(screen.getByRole('region', { name: '3. Async' })).toHaveTextContent('Needs: Traits');
    expect(screen.getByRole('region', { name: '2. Traits' })).not.toHaveTextContent('Needs');

    await user.click(screen.getByRole('button', { name: 'Map', pressed: false }));
    const map = await mapOf();
    expect(router.state.location.search).toBe('?view=map');
    const nodes = within(map).getAllByRole('button');
    const names = ['Ownership Completed', 'Traits Not Started', 'Async Not Started', 'Macros Skipped'];
    for (const [index, node] of nodes.entries()) expect(node).toHaveAccessibleName(names[index]!);
    expect(nodes.map((node) => node.dataset.status)).toEqual([
      'COMPLETED',
      'NOT_STARTED',
      'NOT_STARTED',
      'SKIPPED',
    ]);
    expect(within(map).getByRole('button', { name: 'Async Not Started' })).toHaveAccessibleDescription(
      'Needs: Traits',
    );
    expect(within(map).getByRole('button', { name: 'Traits Not Started' })).not.toHaveAccessibleDescription();
    // One tab stop: the first topic.
    expect(nodes.map((node) => node.tabIndex)).toEqual([0, -1, -1, -1]);
    const legend = screen.getByRole('list', { name: PLAN_MAP_MESSAGES.mapLegend });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Not Started', 'In Progress', 'Completed', 'Skipped']);
    // The progress says what the percentage leaves out.
    expect(screen.getByRole('progressbar', { name: 'Progress (1/4 topics, 1 skipped)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'List', pressed: false }));
    expect(await screen.findByRole('list', { name: 'Topics' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('moves by arrow keys, sets Done, In progress and Skip by D, P and S, and opens a topic with Enter', async () => {
    const calls = servePlanWithProgress(mapPlan());
    const { user } = renderApp('/learning-plan/5?view=map', { signedIn: true });
    const map = await mapOf();
    const node = (title: string) => within(map).getByRole('button', { name: new RegExp(`^${title} `) });

    node('Ownership').focus();
    await user.keyboard('{ArrowDown}');
    expect(node('Traits')).toHaveFocus();
    await user.keyboard('d');
    const traits = await within(map).findByRole('button', { name: 'Traits Completed' });
    expect(traits).toHaveFocus();
    expect(traits).toHaveAttribute('tabindex', '0');
    expect(calls).toEqual(['12=COMPLETED']);
    // Traits done: Async no longer needs anything.
    expect(node('Async')).not.toHaveAccessibleDescription();

    await user.keyboard('{ArrowDown}');
    const below = document.activeElement as HTMLElement;
    expect([node('Async'), node('Macros')]).toContain(below);
    await user.keyboard('p');
    await within(map).findByRole('button', { name: / In Progress$/ });
    expect(calls[1]).toMatch(/^1[34]=IN_PROGRESS$/);
    await user.keyboard('{ArrowUp}');
    expect(node('Traits')).toHaveFocus();
    await user.keyboard('s');
    await within(map).findByRole('button', { name: 'Traits Skipped' });
    expect(calls).toHaveLength(3);
    expect(calls[2]).toBe('12=SKIPPED');

    await user.keyboard('{Enter}');
    const opened = await screen.findByRole('region', { name: '2. Traits' });
    expect(opened.closest('li')).toHaveFocus();
  });
});

import type { Analytics } from '@pathwise/contract';
import { HttpResponse, http } from 'msw';
import { server } from '../../../test/msw-server';
import { planFixture } from '../../../test/plans';

/** A month of learning: two plans, three active days. */
export function analyticsFixture(fields: Partial<Analytics> = {}): Analytics {
  return {
    summary: {
      totalLearningPlans: 2,
      completedLearningPlans: 1,
      inProgressLearningPlans: 1,
      totalTopics: 4,
      completedTopics: 3,
      completedResources: 5,
      totalResources: 8,
      averageCompletionRate: 75,
      learningDays: 3,
      longestStreak: 2,
    },
    categoryStats: [
      { category: 'PROGRAMMING', count: 1, completionRate: 50 },
      { category: 'LANGUAGE', count: 1, completionRate: 100 },
    ],
    dailyActivity: [
      { date: '2024-01-29', resourcesCompleted: 2, topicsCompleted: 1, minutesSpent: 135 },
      { date: '2024-01-30', resourcesCompleted: 0, topicsCompleted: 0, minutesSpent: 0 },
      { date: '2024-01-31', resourcesCompleted: 3, topicsCompleted: 2, minutesSpent: 45 },
    ],
    monthlyProgress: [{ date: '2024-01', progress: 75 }],
    learningStats: {
      averageCompletionTime: 13.2,
      fastestCompletionTime: 3.4,
      mostActiveDays: ['Monday', 'Wednesday'],
      mostActiveHours: '19:00 - 20:00',
      topCategories: ['PROGRAMMING', 'LANGUAGE'],
    },
    timeByCategory: [
      { category: 'PROGRAMMING', timeSpent: 135 },
      { category: 'LANGUAGE', timeSpent: 45 },
    ],
    learningPlans: [
      planFixture({
        id: 9,
        title: 'Spanish',
        category: 'LANGUAGE',
        completionPercentage: 100,
        completedTopics: 2,
        estimatedDays: 14,
      }),
      planFixture(),
    ],
    ...fields,
  };
}

/** Answers `GET /api/analytics` with `answer` and records each query string asked for. */
export function serveAnalytics(response: Analytics = analyticsFixture()) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/analytics', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json(response);
    }),
  );
  return queries;
}

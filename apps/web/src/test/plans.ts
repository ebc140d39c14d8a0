import type { LearningPlan, Note, PlanTopic } from '@pathwise/contract';
import { HttpResponse, http } from 'msw';
import { ann } from './fixtures';
import { server } from './msw-server';

export const bobRef = { id: 8, name: 'Bob Stone', profilePicture: 'https://cdn.example/bob.png' };

/** Ann's plan 'Learn Rust': two topics, the first completed by the viewer (1/2 topics, 50%). */
export function planFixture(fields: Partial<LearningPlan> = {}): LearningPlan {
  const topics: PlanTopic[] = [
    {
      id: 11,
      title: 'Ownership',
      description: 'Moves and borrows',
      orderIndex: 0,
      completionStatus: 'COMPLETED',
      prerequisiteTopicIds: [],
      resources: [
        {
          id: 21,
          title: 'The Book, chapter 4',
          url: 'https://doc.rust-lang.org/book/ch04-00.html',
          type: 'BOOK',
          description: '',
          orderIndex: 0,
          isCompleted: true,
          durationMinutes: 45,
        },
        {
          id: 22,
          title: 'Borrowing slides',
          url: 'http://localhost:3000/api/media/plans/2f4c7a36-0b5e-4bb8-9d63-1b2a3c4d5e6f.pdf',
          type: 'PDF',
          description: 'Printed handout',
          orderIndex: 1,
          isCompleted: false,
          durationMinutes: null,
        },
      ],
    },
    {
      id: 12,
      title: 'Traits',
      description: '',
      orderIndex: 1,
      completionStatus: 'NOT_STARTED',
      prerequisiteTopicIds: [11],
      resources: [],
    },
  ];
  return {
    id: 5,
    title: 'Learn Rust',
    description: 'From ownership to async, one topic a week.',
    category: 'PROGRAMMING',
    isPublic: true,
    estimatedDays: 30,
    startDate: '2026-01-10',
    targetCompletionDate: '2026-02-10',
    createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    updatedAt: new Date().toISOString(),
    completionPercentage: 50,
    completedTopics: 1,
    skippedTopics: 0,
    creator: { id: ann.id, name: ann.name, profilePicture: null },
    topics,
    tags: [],
    isSaved: false,
    basedOn: null,
    templateUseCount: 0,
    ...fields,
  };
}

/** Answers `GET /api/learning-plans/{id}` with `plan`, and the viewer's notes on it with `notes` (none). */
export function servePlan(plan: LearningPlan, notes: Note[] = []) {
  server.use(
    http.get(`/api/learning-plans/${plan.id}`, () => HttpResponse.json(plan)),
    http.get(`/api/learning-plans/${plan.id}/notes`, () => HttpResponse.json(notes)),
  );
}

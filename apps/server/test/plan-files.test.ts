import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type LearningPlan, MEDIA_LIMITS } from '@pathwise/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipart, type Part } from './helpers/multipart.js';
import { createPlan, getPlan, planBody } from './helpers/plans.js';
import { fixture } from './helpers/posts.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;

beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t, { name: 'Ann' });
  bob = await signUp(t, { name: 'Bob' });
});
afterAll(() => t.close());

const stored = (dir: string) => {
  try {
    return readdirSync(path.join(t.dataDir, dir));
  } catch {
    return [];
  }
};
const planFiles = () => stored('media/plans');

const pdfPart = (data: Buffer = fixture('doc.pdf'), filename = 'notes.pdf'): Part => ({
  name: 'file',
  filename,
  contentType: 'application/pdf',
  data,
});

/** A plan whose first topic has a PDF resource awaiting its file. */
async function planWithPdfResource() {
  const plan = await createPlan(t, ann.token, {
    topics: [
      {
        title: 'Reading',
        resources: [
          { title: 'Slides', type: 'PDF' },
          { title: 'Link', url: 'https://example.com/a', type: 'ARTICLE' },
        ],
      },
      { title: 'Other topic', resources: [] },
    ],
  });
  const topic = plan.topics[0]!;
  return { plan, topic, pdf: topic.resources[0]! };
}

function upload(token: string, plan: LearningPlan, topicId: number, parts: Part[]) {
  const { payload, headers } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/learning-plans/${plan.id}/topics/${topicId}/resources/upload`,
    payload,
    headers: { ...headers, ...bearer(token) },
  });
}

describe('POST …/resources/upload', () => {
  it('stores the PDF as the resource’s file and returns a URL serving it', async () => {
    const { plan, topic, pdf } = await planWithPdfResource();
    const before = planFiles().length;
    const res = await upload(ann.token, plan, topic.id, [
      { name: 'resourceId', data: String(pdf.id) },
      { name: 'resourceId', data: String(pdf.id) },
      pdfPart(),
    ]);
    expect(res.statusCode).toBe(200);
    const { fileUrl } = res.json();
    expect(fileUrl).toMatch(/^http:\/\/localhost(:\d+)?\/api\/media\/plans\/[0-9a-f-]{36}\.pdf$/);
    expect(planFiles()).toHaveLength(before + 1);
    expect(stored('tmp')).toEqual([]);

    const served = await t.app.inject({ url: new URL(fileUrl).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(fixture('doc.pdf'))).toBe(true);
    const saved = (await getPlan(t, bob.token, plan.id)).topics[0]!.resources[0]!;
    expect(saved).toMatchObject({ id: pdf.id, type: 'PDF', url: fileUrl });
  });

  it('turns a link resource into a PDF and replaces an earlier file, removing it from storage', async () => {
    const { plan, topic } = await planWithPdfResource();
    const link = topic.resources[1]!;
    const first = await upload(ann.token, plan, topic.id, [
      { name: 'resourceId', data: String(link.id) },
      pdfPart(),
    ]);
    const firstName = path.basename(first.json().fileUrl);
    expect(planFiles()).toContain(firstName);
    const second = await upload(ann.token, plan, topic.id, [
      { name: 'resourceId', data: String(link.id) },
      pdfPart(),
    ]);
    expect(second.statusCode).toBe(200);
    expect(planFiles()).not.toContain(firstName);
    expect(planFiles()).toContain(path.basename(second.json().fileUrl));
    expect((await getPlan(t, ann.token, plan.id)).topics[0]!.resources[1]).toMatchObject({
      type: 'PDF',
      url: second.json().fileUrl,
    });
  });

  it.each([
    [
      'a file that is not a PDF',
      (id: number) => [{ name: 'resourceId', data: String(id) }, pdfPart(fixture('small.png'), 'x.pdf')],
      415,
      'Only PDF files are allowed',
    ],
    ['no resourceId', () => [pdfPart()], 400, 'resourceId is required'],
    [
      'a resourceId that is not a number',
      () => [{ name: 'resourceId', data: 'abc' }, pdfPart()],
      400,
      'Invalid resource ID',
    ],
    ['no file', (id: number) => [{ name: 'resourceId', data: String(id) }], 400, 'Please choose a PDF file'],
    [
      'a file of 50 MB or more',
      (id: number) => [
        { name: 'resourceId', data: String(id) },
        pdfPart(Buffer.concat([fixture('doc.pdf'), Buffer.alloc(MEDIA_LIMITS.maxPdfBytes)])),
      ],
      413,
      'Files must be less than 50MB.',
    ],
  ])('refuses %s and stores nothing', async (_label, parts, status, message) => {
    const { plan, topic, pdf } = await planWithPdfResource();
    const before = planFiles();
    const res = await upload(ann.token, plan, topic.id, parts(pdf.id));
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(planFiles()).toEqual(before);
    expect(stored('tmp')).toEqual([]);
    expect((await getPlan(t, ann.token, plan.id)).topics[0]!.resources[0]!.url).toBe('');
  });

  it('is for the creator only, for a resource of that topic of that plan', async () => {
    const { plan, topic, pdf } = await planWithPdfResource();
    const other = await planWithPdfResource();
    const before = planFiles();
    const forbidden = await upload(bob.token, plan, topic.id, [
      { name: 'resourceId', data: String(pdf.id) },
      pdfPart(),
    ]);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe("You don't have permission to edit this learning plan");
    const otherTopic = await upload(ann.token, plan, plan.topics[1]!.id, [
      { name: 'resourceId', data: String(pdf.id) },
      pdfPart(),
    ]);
    expect(otherTopic.statusCode).toBe(404);
    expect(otherTopic.json().message).toBe('Resource not found in this topic');
    const otherPlan = await upload(ann.token, plan, other.topic.id, [
      { name: 'resourceId', data: String(other.pdf.id) },
      pdfPart(),
    ]);
    expect(otherPlan.statusCode).toBe(404);
    expect(otherPlan.json().message).toBe('Topic not found in this learning plan');
    expect(planFiles()).toEqual(before);
    expect(stored('tmp')).toEqual([]);
  });
});

describe('files follow their resources', () => {
  async function planWithUploadedFile() {
    const { plan, topic, pdf } = await planWithPdfResource();
    const res = await upload(ann.token, plan, topic.id, [
      { name: 'resourceId', data: String(pdf.id) },
      pdfPart(),
    ]);
    return { plan: await getPlan(t, ann.token, plan.id), file: path.basename(res.json().fileUrl) };
  }
  const put = (plan: LearningPlan, topics: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/learning-plans/${plan.id}`,
      headers: bearer(ann.token),
      payload: { ...planBody(), topics },
    });

  it('an edit that keeps the resource keeps its file, whether it sends no URL or the URL it was given', async () => {
    const { plan, file } = await planWithUploadedFile();
    const [topic, otherTopic] = plan.topics as [LearningPlan['topics'][0], LearningPlan['topics'][0]];
    const pdf = topic.resources[0]!;
    for (const url of [null, pdf.url]) {
      const res = await put(plan, [
        { ...topic, resources: [{ ...pdf, title: 'Slides v2', url }] },
        otherTopic,
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json().topics[0].resources[0]).toMatchObject({
        id: pdf.id,
        title: 'Slides v2',
        url: pdf.url,
        type: 'PDF',
      });
      expect(planFiles()).toContain(file);
    }
  });

  it('an edit that gives the resource a link instead, or removes it, removes the file', async () => {
    const linked = await planWithUploadedFile();
    const topic = linked.plan.topics[0]!;
    const pdf = topic.resources[0]!;
    const res = await put(linked.plan, [
      { ...topic, resources: [{ ...pdf, url: 'https://example.com/slides.pdf' }] },
    ]);
    expect(res.json().topics[0].resources[0]).toMatchObject({
      id: pdf.id,
      url: 'https://example.com/slides.pdf',
    });
    expect(planFiles()).not.toContain(linked.file);

    const removed = await planWithUploadedFile();
    await put(removed.plan, [{ ...removed.plan.topics[1]!, resources: [] }]);
    expect(planFiles()).not.toContain(removed.file);
  });

  it('deleting the plan removes its files', async () => {
    const { plan, file } = await planWithUploadedFile();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/learning-plans/${plan.id}`,
      headers: bearer(ann.token),
    });
    expect(res.statusCode).toBe(204);
    expect(planFiles()).not.toContain(file);
  });
});

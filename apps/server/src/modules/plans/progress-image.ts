import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  PROGRESS_SHARE_LIMITS,
  PROGRESS_SHARE_TEXTS,
  type SharedProgress,
  TOPIC_STATUS_LABELS,
  TOPIC_STATUSES,
  type TopicStatus,
} from '@pathwise/contract';
import { layoutTopics, NODE_HEIGHT, NODE_WIDTH } from '@pathwise/contract/plan-map-layout';
import { Resvg } from '@resvg/resvg-js';
import satori, { type Font } from 'satori';

/**
 * The Open Graph picture of shared progress (PNG, 1200 × 630): the plan's title, the person's name, the
 * percentage, the streak and a small map of the topics coloured by status, laid out as the web app's map
 * is. Satori turns the layout into SVG with Inter (from @fontsource/inter, read once), resvg into PNG.
 */

const { imageWidth: WIDTH, imageHeight: HEIGHT } = PROGRESS_SHARE_LIMITS;
/** Inside the page's margins and its coloured top edge. */
const MARGIN = 56;
const EDGE = 16;
/** Satori sizes boxes without their padding (content-box), so the root's box is the page less its margins. */
const INNER = { width: WIDTH - 2 * MARGIN, height: HEIGHT - 2 * MARGIN - EDGE };
const MAP_BOX = { width: 460, height: INNER.height - 110 };

/** The map's fills and borders by status, as the web app's light theme draws them. */
const STATUS_COLOURS: Record<TopicStatus, { fill: string; stroke: string }> = {
  NOT_STARTED: { fill: '#ffffff', stroke: '#94a3b8' },
  IN_PROGRESS: { fill: '#fef3c7', stroke: '#d97706' },
  COMPLETED: { fill: '#a7f3d0', stroke: '#059669' },
  SKIPPED: { fill: '#e2e8f0', stroke: '#94a3b8' },
};

const require = createRequire(import.meta.url);
let fonts: Promise<Font[]> | undefined;

/** Inter regular and bold, Latin and Latin Extended (woff: satori reads no woff2), loaded on first use. */
function loadFonts(): Promise<Font[]> {
  fonts ??= Promise.all(
    [400, 700].flatMap((weight) =>
      ['latin', 'latin-ext'].map(async (subset) => ({
        name: 'Inter',
        weight: weight as 400 | 700,
        style: 'normal' as const,
        data: await readFile(
          require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
        ),
      })),
    ),
  );
  return fonts;
}

/** The topics as one SVG (arrows and status-coloured boxes, no text), scaled into the map's box. */
function mapSvg(topics: SharedProgress['topics']): { uri: string; width: number; height: number } {
  const layout = layoutTopics(topics);
  const scale = Math.min(
    1,
    MAP_BOX.width / Math.max(layout.width, 1),
    MAP_BOX.height / Math.max(layout.height, 1),
  );
  const width = Math.max(1, Math.round(layout.width * scale));
  const height = Math.max(1, Math.round(layout.height * scale));
  const edges = layout.edges.map(
    (edge) =>
      `<polyline points="${edge.points.map((p) => `${p.x},${p.y}`).join(' ')}" fill="none" ` +
      'stroke="#64748b" stroke-width="3"/>',
  );
  const nodes = topics.map((topic) => {
    const place = layout.nodes.get(topic.id)!;
    const { fill, stroke } = STATUS_COLOURS[topic.status];
    const dash = topic.status === 'SKIPPED' ? ' stroke-dasharray="8 6"' : '';
    return (
      `<rect x="${place.x - NODE_WIDTH / 2}" y="${place.y - NODE_HEIGHT / 2}" width="${NODE_WIDTH}" ` +
      `height="${NODE_HEIGHT}" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="4"${dash}/>`
    );
  });
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${layout.width} ${layout.height}">${edges.join('')}${nodes.join('')}</svg>`;
  return { uri: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, width, height };
}

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown, props = {}): Node => ({
  type,
  props: { style, children, ...props },
});

/** A long title is cut at a word so it stays within three lines. */
const shortened = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;

function legend(): Node {
  return el(
    'div',
    {
      display: 'flex',
      flexWrap: 'wrap',
      justifyContent: 'center',
      columnGap: 20,
      rowGap: 6,
      fontSize: 20,
      color: '#334155',
    },
    TOPIC_STATUSES.map((status) =>
      el('div', { display: 'flex', alignItems: 'center', gap: 8, whiteSpace: 'nowrap' }, [
        el('div', {
          width: 20,
          height: 20,
          borderRadius: 4,
          background: STATUS_COLOURS[status].fill,
          border: `3px solid ${STATUS_COLOURS[status].stroke}`,
        }),
        TOPIC_STATUS_LABELS[status],
      ]),
    ),
  );
}

export async function renderProgressImage(progress: SharedProgress): Promise<Buffer> {
  const map = mapSvg(progress.topics);
  const figure = (value: string, label: string) =>
    el('div', { display: 'flex', flexDirection: 'column' }, [
      el('div', { fontSize: 72, fontWeight: 700, color: '#4338ca', lineHeight: 1 }, value),
      el('div', { fontSize: 26, color: '#475569', marginTop: 6 }, label),
    ]);
  const text = el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      width: 540,
      height: INNER.height,
    },
    [
      el('div', { display: 'flex', flexDirection: 'column' }, [
        el('div', { fontSize: 28, fontWeight: 700, color: '#4338ca' }, 'Pathwise'),
        el(
          'div',
          { fontSize: 52, fontWeight: 700, color: '#0f172a', marginTop: 24, lineHeight: 1.15 },
          shortened(progress.plan.title, 70),
        ),
        el(
          'div',
          { fontSize: 30, color: '#334155', marginTop: 20 },
          shortened(PROGRESS_SHARE_TEXTS.byline(progress.person.name, progress.person.handle), 48),
        ),
      ]),
      el('div', { display: 'flex', gap: 56 }, [
        figure(`${progress.percentage}%`, PROGRESS_SHARE_TEXTS.percentLabel),
        figure(PROGRESS_SHARE_TEXTS.streak(progress.streakDays), PROGRESS_SHARE_TEXTS.streakLabel),
      ]),
    ],
  );
  const mapPanel = el(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'space-between',
      width: MAP_BOX.width + 40,
      height: INNER.height - 40,
      padding: 20,
      borderRadius: 24,
      background: '#f1f5f9',
    },
    [
      el('div', { display: 'flex', flexGrow: 1, alignItems: 'center' }, [
        el('img', { width: map.width, height: map.height }, undefined, {
          src: map.uri,
          width: map.width,
          height: map.height,
        }),
      ]),
      legend(),
    ],
  );
  const root = el(
    'div',
    {
      display: 'flex',
      justifyContent: 'space-between',
      width: INNER.width,
      height: INNER.height,
      padding: MARGIN,
      background: '#ffffff',
      fontFamily: 'Inter',
      borderTop: `${EDGE}px solid #4f46e5`,
    },
    [text, mapPanel],
  );
  const svg = await satori(root as Parameters<typeof satori>[0], {
    width: WIDTH,
    height: HEIGHT,
    fonts: await loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: WIDTH } }).render().asPng();
}

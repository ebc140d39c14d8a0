import { splitMentions } from '@pathwise/contract';
import type { Element, ElementContent, Root } from 'hast';

/** Where a mention leads: the person's profile at `/@handle`, which members and visitors alike can open. */
export const mentionPath = (handle: string) => `/@${encodeURIComponent(handle)}`;

/** Code shows what was typed, and a link inside a link is invalid HTML: mentions there stay text. */
const KEPT_AS_TEXT = new Set(['a', 'code', 'pre']);

function linkIn(element: Element) {
  if (!KEPT_AS_TEXT.has(element.tagName)) element.children = linked(element.children);
}

function linked(children: ElementContent[]): ElementContent[] {
  return children.flatMap((child): ElementContent[] => {
    if (child.type === 'element') linkIn(child);
    if (child.type !== 'text') return [child];
    return splitMentions(child.value).map(({ text, handle }): ElementContent => {
      if (handle === undefined) return { type: 'text', value: text };
      const link: Element = {
        type: 'element',
        tagName: 'a',
        properties: { href: mentionPath(handle), dataMention: handle },
        children: [{ type: 'text', value: text }],
      };
      return link;
    });
  });
}

/** Rehype plugin: `@handle` as the server recognises it (contract `mentions.ts`) becomes a link. */
export function rehypeMentions() {
  return (tree: Root) => {
    for (const child of tree.children) if (child.type === 'element') linkIn(child);
  };
}

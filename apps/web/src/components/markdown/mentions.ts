import { splitMentions } from '@pathwise/contract';
import type { Element, ElementContent, Root } from 'hast';

/** Where a mention leads: the person's profile at `/@handle`, which members and visitors alike can open. */
export const mentionPath = (handle: string) => `/@${encodeURIComponent(handle)}`;

/** Someone elsewhere (`@name@server`): the search, which finds them on their server and links there. */
export const remoteMentionPath = (account: string) => `/search?q=${encodeURIComponent(account)}`;

/** Code shows what was typed, and a link inside a link is invalid HTML: mentions there stay text. */
const KEPT_AS_TEXT = new Set(['a', 'code', 'pre']);

function linkIn(element: Element) {
  if (!KEPT_AS_TEXT.has(element.tagName)) element.children = linked(element.children);
}

/** The address of an e-mail link GFM made of bare text (its text is the address), else null. */
function addressOf(node: ElementContent) {
  if (node.type !== 'element' || node.tagName !== 'a' || node.children.length !== 1) return null;
  const [text] = node.children;
  return text?.type === 'text' && node.properties.href === `mailto:${text.value}` ? text.value : null;
}

/**
 * GFM makes the `name@server` of `@name@server` an e-mail link: after an `@`, it is the mention's text
 * again, joined with the text around it.
 */
function joined(children: ElementContent[]): ElementContent[] {
  const out: ElementContent[] = [];
  for (const child of children) {
    const last = out.at(-1);
    const address = addressOf(child);
    const afterAt = last?.type === 'text' && last.value.endsWith('@');
    const text = child.type === 'text' ? child.value : afterAt ? address : null;
    if (last?.type === 'text' && text !== null)
      out[out.length - 1] = { type: 'text', value: last.value + text };
    else out.push(child);
  }
  return out;
}

function linked(children: ElementContent[]): ElementContent[] {
  return joined(children).flatMap((child): ElementContent[] => {
    if (child.type === 'element') linkIn(child);
    if (child.type !== 'text') return [child];
    return splitMentions(child.value).map(({ text, handle, account }): ElementContent => {
      if (handle === undefined && account === undefined) return { type: 'text', value: text };
      const link: Element = {
        type: 'element',
        tagName: 'a',
        properties:
          handle === undefined
            ? { href: remoteMentionPath(account!), dataMention: account }
            : { href: mentionPath(handle), dataMention: handle },
        children: [{ type: 'text', value: text }],
      };
      return link;
    });
  });
}

/**
 * Rehype plugin: `@handle` and `@name@server` as the server recognises them (contract `mentions.ts`)
 * become links within the app.
 */
export function rehypeMentions() {
  return (tree: Root) => {
    for (const child of tree.children) if (child.type === 'element') linkIn(child);
  };
}

import {
  DIGEST_LIMITS,
  DIGEST_MESSAGES,
  notificationGroupMessage,
  notificationPath,
} from '@pathwise/contract';
import type { Mail } from '../../lib/mail.js';
import { escapeHtml, previewText } from '../link-previews/index.js';
import type { DigestContent, DigestRecipient } from './digests.queries.js';

type Line = { text: string; url: string; detail?: string };
type Section = { heading: string; lines: Line[]; more?: string };

/**
 * A person's digest as a mail: a text part and an HTML part (multipart/alternative) saying the same, every
 * value from the database escaped in the HTML, and the one-click unsubscribe link in its headers and at
 * its foot.
 */
export function digestMail(
  recipient: DigestRecipient,
  content: DigestContent,
  { origin, unsubscribeUrl }: { origin: string; unsubscribeUrl: string },
): Mail {
  const period = recipient.digest;
  const sections: Section[] = [
    {
      heading: DIGEST_MESSAGES.notificationsHeading,
      lines: content.groups.map((group) => ({
        text: notificationGroupMessage(group),
        url: `${origin}${notificationPath(group.entityType, group.entityId) ?? '/notifications'}`,
      })),
      ...(content.groupCount > DIGEST_LIMITS.groups && {
        more: DIGEST_MESSAGES.moreNotifications(content.groupCount - DIGEST_LIMITS.groups),
      }),
    },
    {
      heading: DIGEST_MESSAGES.postsHeading,
      lines: content.posts.map((post) => ({
        text: `${post.authorName}: ${post.title}`,
        url: `${origin}/post/${post.id}`,
        detail: previewText(post.content, DIGEST_LIMITS.postExcerpt),
      })),
    },
    {
      heading: DIGEST_MESSAGES.plansHeading,
      lines: content.plans.map((plan) => ({
        text: plan.title,
        url: `${origin}/learning-plan/${plan.id}`,
        detail: DIGEST_MESSAGES.planProgress(plan.completed, plan.total),
      })),
    },
  ].filter((section) => section.lines.length > 0);
  const links = {
    notifications: `${origin}/notifications`,
    // The web app's Settings → Notifications section (NOTIFICATION_SETTINGS_ID).
    settings: `${origin}/settings#settings-notifications`,
    unsubscribe: unsubscribeUrl,
  };

  const text = [
    DIGEST_MESSAGES.greeting(recipient.name),
    DIGEST_MESSAGES.intro(period),
    ...sections.map((section) =>
      [
        `${section.heading}\n${'-'.repeat(section.heading.length)}`,
        ...section.lines.map(
          (line) => `* ${line.text}${line.detail ? `\n  ${line.detail}` : ''}\n  ${line.url}`,
        ),
        ...(section.more ? [section.more] : []),
      ].join('\n'),
    ),
    `${DIGEST_MESSAGES.openNotifications}: ${links.notifications}`,
    [
      '--',
      DIGEST_MESSAGES.why(period),
      `${DIGEST_MESSAGES.settings}: ${links.settings}`,
      `${DIGEST_MESSAGES.unsubscribe}: ${links.unsubscribe}`,
    ].join('\n'),
  ].join('\n\n');

  const e = escapeHtml;
  const link = (url: string, label: string) => `<a href="${e(url)}">${e(label)}</a>`;
  const item = (line: Line) =>
    `<li>${link(line.url, line.text)}${
      line.detail ? `<br><span style="color: #555">${e(line.detail)}</span>` : ''
    }</li>`;
  const part = (section: Section) =>
    [
      `<h2 style="font-size: 1.1rem">${e(section.heading)}</h2>`,
      '<ul>',
      ...section.lines.map(item),
      '</ul>',
      ...(section.more ? [`<p>${e(section.more)}</p>`] : []),
    ].join('\n');
  const bodyStyle = 'font-family: system-ui, sans-serif; line-height: 1.5; max-width: 36rem; margin: 0 auto';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${e(DIGEST_MESSAGES.subject(period, content.unread))}</title></head>
<body style="${bodyStyle}; padding: 1rem">
<p>${e(DIGEST_MESSAGES.greeting(recipient.name))}<br>${e(DIGEST_MESSAGES.intro(period))}</p>
${sections.map(part).join('\n')}
<p>${link(links.notifications, DIGEST_MESSAGES.openNotifications)}</p>
<hr>
<p style="font-size: 0.85rem; color: #555">${e(DIGEST_MESSAGES.why(period))}<br>
${link(links.settings, DIGEST_MESSAGES.settings)} ·
${link(links.unsubscribe, DIGEST_MESSAGES.unsubscribe)}</p>
</body></html>
`;

  return {
    to: recipient.email,
    subject: DIGEST_MESSAGES.subject(period, content.unread),
    text,
    html,
    oneClickUnsubscribe: unsubscribeUrl,
  };
}

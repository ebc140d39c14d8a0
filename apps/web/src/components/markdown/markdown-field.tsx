import type { ComponentProps } from 'react';
import { TextAreaField } from '../text-field';
import { MarkdownTabs } from './markdown-tabs';

type MarkdownFieldProps = ComponentProps<typeof TextAreaField> & { text: string | null | undefined };

/** A labelled Markdown text area under Write/Preview tabs; `text` is its current value. */
export function MarkdownField({ text, ...fieldProps }: MarkdownFieldProps) {
  return (
    <MarkdownTabs text={text ?? ''}>
      <TextAreaField {...fieldProps} />
    </MarkdownTabs>
  );
}

import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Markdown } from './markdown';

type MarkdownTabsProps = {
  /** What the field holds now, for the preview. */
  text: string;
  /** The field itself: kept mounted while the preview shows, so the form keeps its value and focus order. */
  children: ReactNode;
};

const TAB =
  'rounded-md px-3 py-1 text-sm font-medium text-slate-600 hover:text-slate-900 ' +
  'data-selected:bg-indigo-50 data-selected:text-indigo-700';

/** Write/Preview tabs over a Markdown field (arrow keys move between the tabs, as Headless UI does). */
export function MarkdownTabs({ text, children }: MarkdownTabsProps) {
  return (
    <TabGroup>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Not named after the field: its label must stay the only name that finds the field. */}
        <TabList aria-label="Write or preview" className="flex gap-1">
          <Tab className={TAB}>Write</Tab>
          <Tab className={TAB}>Preview</Tab>
        </TabList>
        <span className="text-xs text-slate-500">Markdown supported</span>
      </div>
      <TabPanels className="mt-2">
        <TabPanel unmount={false}>{children}</TabPanel>
        <TabPanel className="min-h-24 rounded-lg border border-slate-200 bg-white p-3 text-slate-800">
          {text.trim() === '' ? (
            <p className="text-slate-500">Nothing to preview</p>
          ) : (
            <Markdown text={text} />
          )}
        </TabPanel>
      </TabPanels>
    </TabGroup>
  );
}

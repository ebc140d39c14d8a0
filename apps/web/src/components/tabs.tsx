import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { ReactNode } from 'react';

export type TabItem = { key: string; label: string; panel: ReactNode };

type TabsProps = {
  tabs: TabItem[];
  /** Controlled selection (e.g. from the address bar); uncontrolled without it. */
  selectedIndex?: number;
  onChange?: (index: number) => void;
  className?: string;
};

/** Keyboard-operable tabs (arrow keys, Home/End); only the selected panel is mounted. */
export function Tabs({ tabs, selectedIndex, onChange, className }: TabsProps) {
  return (
    <TabGroup
      {...(selectedIndex !== undefined && { selectedIndex })}
      {...(onChange && { onChange })}
      className={className}
    >
      <TabList className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            className="-mb-px border-b-2 border-transparent px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-slate-600 hover:text-slate-900 data-selected:border-indigo-600 data-selected:text-indigo-700"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="mt-6">
        {tabs.map((tab) => (
          <TabPanel key={tab.key}>{tab.panel}</TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

import type { Category, ResourceType } from '@pathwise/contract';

/**
 * The one name each category and resource type goes by on screen: the forms offer these, and every
 * card, chart and list shows the same words instead of the stored enum value.
 */
export const CATEGORY_LABELS: Record<Category, string> = {
  PROGRAMMING: 'Programming',
  DESIGN: 'Design',
  BUSINESS: 'Business',
  LANGUAGE: 'Language',
  MUSIC: 'Music',
  ART: 'Art',
  SCIENCE: 'Science',
  MATH: 'Math',
  HISTORY: 'History',
  OTHER: 'Other',
};

export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  ARTICLE: 'Article',
  VIDEO: 'Video',
  COURSE: 'Course',
  BOOK: 'Book',
  PDF: 'PDF',
  OTHER: 'Other',
};

export const categoryLabel = (category: Category) => CATEGORY_LABELS[category];

export const resourceTypeLabel = (type: ResourceType) => RESOURCE_TYPE_LABELS[type];

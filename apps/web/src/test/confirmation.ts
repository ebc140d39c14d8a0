import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Answers the in-app confirm dialog, after checking that it asks `question`. */
export async function responseConfirmation(user: UserEvent, question: string, response: 'Delete' | 'Cancel') {
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveAccessibleDescription(question);
  await user.click(within(dialog).getByRole('button', { name: response }));
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
}

import { expect, type Page } from '@playwright/test';

/** Answers the app's confirm dialog (an alert dialog, not the browser's), after checking its question. */
export async function answerConfirmation(page: Page, question: string, answer: 'Delete' | 'Cancel') {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleDescription(question);
  await dialog.getByRole('button', { name: answer }).click();
  await expect(dialog).toHaveCount(0);
}

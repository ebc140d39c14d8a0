import { expect, type Page } from '@playwright/test';

/** Answers the app's confirm dialog (an alert dialog, not the browser's), after checking its question. */
export async function responseConfirmation(page: Page, question: string, response: 'Delete' | 'Cancel') {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toHaveAccessibleDescription(question);
  await dialog.getByRole('button', { name: response }).click();
  await expect(dialog).toHaveCount(0);
}

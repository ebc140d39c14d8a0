/**
 * Optional text as answers give it: '' when there is none, never null (wire contract decision 15:
 * clients such as the spec's validate what they get back and refuse null in a text field).
 */
export const responseText = (text: string | null): string => text ?? '';

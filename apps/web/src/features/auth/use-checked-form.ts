import { type CredentialRule, checkCredential } from '@pathwise/contract';
import { type FormEvent, useState } from 'react';

export type FieldRules<Name extends string> = Partial<Record<Name, CredentialRule>>;
type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/** The values to send and a message per field that breaks one of the contract's rules. */
function checkForm<Name extends string>(rules: FieldRules<Name>, form: HTMLFormElement) {
  const data = new FormData(form);
  const values = {} as Record<Name, string>;
  const errors: FieldErrors<Name> = {};
  for (const [name, rule] of Object.entries(rules) as [Name, CredentialRule][]) {
    const { value, error } = checkCredential(rule, String(data.get(name) ?? ''));
    values[name] = value;
    if (error) errors[name] = error;
  }
  return { values, errors };
}

/**
 * A form of credential fields checked with the contract's rules, without zod or a form library (the
 * signed-out pages are the first a visitor loads). On submit, the first wrong field gets the focus;
 * once a submit has shown messages, they follow what is typed until the fields are right.
 */
export function useCheckedForm<Name extends string>(
  rules: FieldRules<Name>,
  onValid: (values: Record<Name, string>, form: HTMLFormElement) => Promise<void>,
) {
  const [errors, setErrors] = useState<FieldErrors<Name>>({});
  const [attempted, setAttempted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkForm(rules, form);
    setErrors(checked.errors);
    setAttempted(true);
    const firstInvalid = Object.keys(checked.errors)[0];
    if (firstInvalid) {
      (form.elements.namedItem(firstInvalid) as HTMLInputElement).focus();
      return;
    }
    setSubmitting(true);
    try {
      await onValid(checked.values, form);
    } finally {
      setSubmitting(false);
    }
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (attempted) setErrors(checkForm(rules, event.currentTarget).errors);
  };
  // noValidate: the contract's messages replace the browser's own bubbles.
  return { errors, isSubmitting, formProps: { noValidate: true, onSubmit, onChange } };
}

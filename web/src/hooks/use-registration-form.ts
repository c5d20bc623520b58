/**
 * The form plumbing agent and merchant registration share (spec part 2): what the fields
 * hold, their rules' messages, and what the member is told when the application is sent. What
 * each form asks and checks stays in its feature (agent-form.ts, merchant-form.ts).
 *
 * Guarantees:
 * - A broken rule's message shows on its field only once the member has tried to submit, and
 *   from then on follows each keystroke (the rules are checked on every render).
 * - `checkAll` is what a submit calls first: it reveals every message and says whether the form
 *   may be sent.
 * - On success the member gets the form's success toast and goes to `destination`; on failure,
 *   its failure toast with the server's message, or the form's own text when there is none. A
 *   refusal that names a field (`taken`: a code already taken) shows on that field too, until the
 *   field changes (`refuse`): the field may lie far above the button on a phone.
 */
import { useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../lib/api-client.ts';
import { failureText } from '../lib/server-text.ts';
import { toast } from './use-toast.ts';

/** The keys of the fields that hold free text (not a choice among values or a box to tick). */
type TextKey<F> = { [K in keyof F]-?: string extends F[K] ? K : never }[keyof F];

/**
 * `describe` turns a broken rule (as `validate` names it) into the words the member reads.
 */
export function useRegistrationForm<F extends object, E extends string>(
  empty: F,
  validate: (form: F) => Partial<Record<keyof F, E>>,
  describe: (error: E) => string,
) {
  const [form, setForm] = useState<F>(empty);
  const [showErrors, setShowErrors] = useState(false);
  /** The server's refusals of a field's value, shown until the field changes. */
  const [refused, setRefused] = useState<Partial<Record<keyof F, string>>>({});
  const errors = validate(form);
  const message = (key: keyof F): string | undefined => {
    const error = errors[key];
    if (!showErrors || error === undefined) return refused[key];
    return describe(error);
  };
  const set = <K extends keyof F>(key: K, value: F[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setRefused((current) => ({ ...current, [key]: undefined }));
  };
  const refuse = (key: keyof F, words: string) => setRefused((current) => ({ ...current, [key]: words }));
  /** The value and change handler of a text input bound to `key`. */
  const text = (key: TextKey<F>) => ({
    value: form[key] as string,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value as F[TextKey<F>]),
  });
  const checkAll = (): boolean => {
    setShowErrors(true);
    return Object.keys(errors).length === 0;
  };
  return { form, set, text, message, checkAll, refuse };
}

/** What the member is told once the application has been sent: the `mutate` callbacks. */
export function useRegistrationOutcome(
  form: 'agentRegister' | 'merchantRegister',
  destination: string,
  taken?: { code: 'agent_code_taken' | 'merchant_code_taken'; show: (words: string) => void },
) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return {
    onSuccess: () => {
      toast({ title: t(`${form}.toast.successTitle`), description: t(`${form}.toast.successText`, { product: t('common.appName') }) });
      void navigate(destination);
    },
    onError: (error: unknown) => {
      const words = failureText(i18n, error, t(`${form}.toast.failedText`));
      toast({ variant: 'destructive', title: t(`${form}.toast.failedTitle`), description: words });
      if (taken !== undefined && error instanceof ApiError && error.code === taken.code) taken.show(words);
    },
  };
}

import { useCallback, useState } from 'react';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * Server field messages shown on their inputs until the person edits that field. They live apart
 * from the form's own errors because submitting blurs the field just typed in, and its debounced
 * blur validation can run after a fast server answer and would wipe the server's message.
 */
export function useServerFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});

  const clear = useCallback((path?: string) => {
    setErrors((prev) => {
      if (path === undefined) return Object.keys(prev).length ? {} : prev;
      if (!(path in prev)) return prev;
      const next = { ...prev };
      delete next[path];
      return next;
    });
  }, []);

  const withServerError = (
    path: string,
    props: GetInputPropsReturnType,
  ): GetInputPropsReturnType => {
    const message = errors[path];
    if (!message) return props;
    const onChange = props.onChange as (...args: unknown[]) => void;
    return {
      ...props,
      error: message,
      onChange: (...args: unknown[]) => {
        clear(path);
        onChange(...args);
      },
    };
  };

  return {
    serverErrors: errors,
    setServerErrors: setErrors,
    clearServerErrors: clear,
    withServerError,
  };
}

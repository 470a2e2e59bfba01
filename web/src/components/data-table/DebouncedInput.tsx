import { useEffect, useRef, useState } from 'react';
import type { InputHTMLAttributes } from 'react';

export const SEARCH_DEBOUNCE_MS = 350;

/**
 * A text input that reports its value after the user pauses typing (and at once on Enter). A new `value`
 * from outside (e.g. "Clear filters") replaces the text.
 */
export function DebouncedInput({
  value,
  onCommit,
  delay = SEARCH_DEBOUNCE_MS,
  ...props
}: { value: string; onCommit: (value: string) => void; delay?: number } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const [text, setText] = useState(value);
  const committed = useRef(value);
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });

  useEffect(() => {
    if (value !== committed.current) {
      committed.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (text === committed.current) return;
    const timer = setTimeout(() => {
      committed.current = text;
      onCommitRef.current(text);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, delay]);

  return (
    <input
      {...props}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text !== committed.current) {
          committed.current = text;
          onCommitRef.current(text);
        }
        props.onKeyDown?.(event);
      }}
    />
  );
}

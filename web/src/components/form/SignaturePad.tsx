import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';

export interface SignaturePadProps {
  /** Translated label (default: `kit:signature.label`). */
  label?: string;
  /** The signature as a PNG data URL; null when not signed. */
  value: string | null;
  /** A new signature (a PNG data URL) once a stroke ends, or null when cleared. */
  onChange: (value: string | null) => void;
  /** Read-only: the signature is shown as an image (or "not signed yet"). */
  readOnly?: boolean;
  required?: boolean;
  /** Translated message under the pad. */
  error?: string;
  /**
   * A name written on the pad when a keyboard user presses Enter or Space on it (no pointer needed to sign); absent,
   * the pad only takes pointer strokes.
   */
  typedName?: string;
  'data-testid'?: string;
}

/** The drawing's height in CSS pixels (the canvas's `h-40`); its width follows the box, down to a 375 px phone. */
const HEIGHT = 160;
const STROKE = '#0f172a';

/**
 * A signature pad (SPEC.md §5 "signing is required before submitting"): a plain canvas drawn on with pointer events,
 * so mouse, pen and touch all sign (touch-action none keeps the page from scrolling under the finger), scaled for the
 * screen's pixel ratio. Each finished stroke emits the drawing as a PNG data URL; Clear empties it. The canvas is
 * focusable and labelled; with `typedName`, Enter or Space signs with the typed name for keyboard users.
 */
export function SignaturePad({
  label,
  value,
  onChange,
  readOnly = false,
  required,
  error,
  typedName,
  'data-testid': testId = 'signature-pad',
}: SignaturePadProps) {
  const { t } = useTranslation();
  const id = useId();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);
  const shownLabel = label ?? t('kit:signature.label');

  /** Sizes the canvas's bitmap to its box at the screen's pixel ratio (sharp lines), then repaints `value`. */
  const prepare = useCallback(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const width = element.clientWidth || 300;
    element.width = Math.round(width * ratio);
    element.height = Math.round(HEIGHT * ratio);
    const context = element.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.lineWidth = 2.2;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = STROKE;
    context.fillStyle = STROKE;
    if (value) {
      const image = new Image();
      image.onload = () => context.drawImage(image, 0, 0, width, HEIGHT);
      image.src = value;
    }
    // Only when mounted or resized: a repaint after every stroke would blur the drawing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (readOnly) return;
    prepare();
    const element = canvas.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth !== width) {
        width = element.clientWidth;
        prepare();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [prepare, readOnly]);

  // Cleared from outside (e.g. a form reset): the canvas follows.
  useEffect(() => {
    if (value === null && canvas.current && !readOnly) {
      const element = canvas.current;
      element.getContext('2d')?.clearRect(0, 0, element.width, element.height);
      setDrawn(false);
    }
  }, [value, readOnly]);

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const emit = () => {
    if (canvas.current) onChange(canvas.current.toDataURL('image/png'));
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    const start = point(event);
    drawing.current = start;
    const context = event.currentTarget.getContext('2d');
    // A tap leaves a dot, so a stroke of one point still shows.
    context?.beginPath();
    context?.arc(start.x, start.y, 1.1, 0, Math.PI * 2);
    context?.fill();
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    event.preventDefault();
    const context = event.currentTarget.getContext('2d');
    const next = point(event);
    if (context) {
      context.beginPath();
      context.moveTo(drawing.current.x, drawing.current.y);
      context.lineTo(next.x, next.y);
      context.stroke();
    }
    drawing.current = next;
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    drawing.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) {
      event.currentTarget.releasePointerCapture(event.pointerId);
    }
    setDrawn(true);
    emit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!typedName || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    const element = event.currentTarget;
    const context = element.getContext('2d');
    if (!context) return;
    context.clearRect(0, 0, element.width, element.height);
    context.font = 'italic 28px "Segoe Script", "Brush Script MT", cursive';
    context.textBaseline = 'middle';
    context.fillText(typedName, 16, HEIGHT / 2, element.clientWidth - 32);
    setDrawn(true);
    emit();
  };

  const clear = () => {
    const element = canvas.current;
    if (element) element.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    setDrawn(false);
    onChange(null);
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  if (readOnly) {
    return (
      <div data-testid={testId}>
        <p className="mb-1 block text-sm font-medium text-slate-700">{shownLabel}</p>
        {value ? (
          <img
            src={value}
            alt={t('kit:signature.signed')}
            className="h-28 w-full max-w-md rounded-md border border-slate-200 bg-white object-contain"
            data-testid={`${testId}-image`}
          />
        ) : (
          <p className="text-sm text-slate-500" data-testid={`${testId}-empty`}>
            {t('kit:signature.empty')}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="max-w-md" data-testid={testId}>
      <div className="mb-1 flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {required && <span className="mr-0.5 text-red-600">*</span>}
          {shownLabel}
        </label>
        <Button variant="secondary" onClick={clear} disabled={!drawn && !value} data-testid={`${testId}-clear`}>
          {t('kit:signature.clear')}
        </Button>
      </div>
      <canvas
        ref={canvas}
        id={id}
        role={typedName ? 'button' : 'img'}
        tabIndex={0}
        aria-label={`${shownLabel}: ${value ? t('kit:signature.signed') : t('kit:signature.empty')}`}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        className={`block h-40 w-full cursor-crosshair touch-none rounded-md border bg-white focus:ring-2 focus:ring-blue-500 focus:outline-none ${error ? 'border-red-500' : 'border-slate-300'}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        data-testid={`${testId}-canvas`}
        data-signed={value ? 'true' : 'false'}
      />
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {t('kit:signature.hint')}
        {typedName ? ` ${t('kit:signature.keyboardHint')}` : ''}
      </p>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-600" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

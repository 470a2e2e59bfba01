import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { statusLabel } from '../ui/StatusBadge';

/** A table of the printed document: headers and rows of plain text. */
export interface PrintTable {
  headers: { label: string; align?: 'left' | 'right' }[];
  rows: ReactNode[][];
  footer?: ReactNode[];
}

export interface PrintContent {
  title: string;
  docNo: string;
  status?: string;
  /** Header fields: label and value. */
  fields: [string, ReactNode][];
  table: PrintTable;
  /** Lines under the table (remarks, signatures). */
  notes?: ReactNode;
}

/**
 * The print view of a document: a print-friendly sheet (title, number, status, header fields, the lines, notes,
 * signatures) over the page, with Print (window.print()) and Close. `usePrintView()` opens it.
 */
export function PrintView({ content, onClose }: { content: PrintContent; onClose: () => void }) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const close = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    window.addEventListener('keydown', close);
    return () => window.removeEventListener('keydown', close);
  }, [onClose]);
  // The sheet covers the page while open; hiding the app behind it means printing shows the sheet alone.
  // (A style sheet of our own would be an inline style, which the Content Security Policy refuses.)
  useEffect(() => {
    const hidden = [...document.body.children]
      .filter((element): element is HTMLElement => element instanceof HTMLElement && element !== root.current)
      .filter((element) => element.style.display !== 'none')
      .map((element) => {
        element.style.display = 'none';
        return element;
      });
    return () => hidden.forEach((element) => element.style.removeProperty('display'));
  }, []);
  return createPortal(
    <div
      ref={root}
      className="fixed inset-0 z-50 overflow-auto bg-slate-100 print:static print:overflow-visible print:bg-white"
      role="dialog"
      aria-modal="true"
      aria-label={content.title}
      data-testid="print-view"
    >
      <div className="sticky top-0 print:hidden flex justify-end gap-2 border-b border-slate-200 bg-white px-6 py-3">
        <Button variant="secondary" onClick={onClose} data-testid="print-close">
          <Icon name="close" />
          {t('documents:print.close')}
        </Button>
        <Button onClick={() => window.print()} data-testid="print-now">
          {t('documents:print.print')}
        </Button>
      </div>
      <article className="mx-auto my-6 max-w-4xl bg-white p-10 text-sm text-slate-900 shadow print:my-0 print:max-w-none print:p-0 print:shadow-none">
        <header className="flex items-start justify-between border-b-2 border-slate-800 pb-3">
          <div>
            <h1 className="text-xl font-bold">{content.title}</h1>
            <p className="mt-1 font-mono text-base">{content.docNo}</p>
          </div>
          <div className="text-right text-xs text-slate-600">
            {content.status && <p className="text-sm font-semibold text-slate-900">{statusLabel(t, content.status)}</p>}
            <p>{t('documents:print.printedAt', { time: formatDateTime(new Date()) })}</p>
          </div>
        </header>
        <dl className="mt-4 grid grid-cols-2 gap-x-8 gap-y-1.5">
          {content.fields.map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="w-36 shrink-0 text-slate-500">{label}</dt>
              <dd className="min-w-0 font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <table className="mt-6 w-full border-collapse text-xs">
          <thead>
            <tr>
              {content.table.headers.map((header, index) => (
                <th
                  key={index}
                  className={`border border-slate-400 bg-slate-100 px-2 py-1.5 font-semibold ${header.align === 'right' ? 'text-right' : 'text-left'}`}
                >
                  {header.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {content.table.rows.map((row, index) => (
              <tr key={index} className="break-inside-avoid">
                {row.map((cell, cellIndex) => (
                  <td
                    key={cellIndex}
                    className={`h-7 border border-slate-400 px-2 py-1 ${content.table.headers[cellIndex]?.align === 'right' ? 'text-right tabular-nums' : ''}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {content.table.footer && (
            <tfoot>
              <tr>
                {content.table.footer.map((cell, index) => (
                  <td
                    key={index}
                    className={`border border-slate-400 px-2 py-1 font-semibold ${content.table.headers[index]?.align === 'right' ? 'text-right tabular-nums' : ''}`}
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
        {content.notes && <div className="mt-4">{content.notes}</div>}
        <footer className="mt-16 grid grid-cols-2 gap-16 text-xs text-slate-600">
          <p className="border-t border-slate-500 pt-1">{t('documents:print.preparedBy')}</p>
          <p className="border-t border-slate-500 pt-1">{t('documents:print.checkedBy')}</p>
        </footer>
      </article>
    </div>,
    document.body,
  );
}

/** `const [openPrint, printView] = usePrintView(build)`: the button calls openPrint, the page renders printView. */
export function usePrintView(build: () => PrintContent | null): [() => void, ReactNode] {
  const [content, setContent] = useState<PrintContent | null>(null);
  const view = content ? <PrintView content={content} onClose={() => setContent(null)} /> : null;
  return [() => setContent(build()), view];
}

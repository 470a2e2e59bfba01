import type { ReactNode } from 'react';

/** A card of form fields in a responsive grid (one column on phones, `columns` from `sm` up). */
export function FormSection({
  title,
  description,
  columns = 2,
  children,
}: {
  title?: string;
  description?: ReactNode;
  columns?: 1 | 2 | 3;
  children: ReactNode;
}) {
  const grid = columns === 1 ? 'sm:grid-cols-1' : columns === 3 ? 'sm:grid-cols-2 lg:grid-cols-3' : 'sm:grid-cols-2';
  return (
    <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      {title && <h2 className="text-sm font-semibold text-slate-800">{title}</h2>}
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
      <div className={`grid grid-cols-1 gap-x-5 gap-y-4 ${grid} ${title || description ? 'mt-4' : ''}`}>{children}</div>
    </section>
  );
}

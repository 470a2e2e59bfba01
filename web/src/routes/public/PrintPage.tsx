import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { storage } from '../../lib/storage';

/**
 * /print: prints a document prepared by the page that opened it (kept in browser storage under `print`
 * as a title and rows of label/value pairs), then offers to print again.
 */
interface PrintJob {
  title: string;
  rows: [string, string][];
}

export default function PrintPage() {
  const { t } = useTranslation();
  const job = storage.getJson<PrintJob>('print');
  useEffect(() => {
    if (job) setTimeout(() => window.print(), 300);
  }, [job]);
  if (!job) return <main className="p-8 text-slate-600">{t('web:print.nothing')}</main>;
  return (
    <main className="mx-auto max-w-3xl p-8 print:p-0">
      <h1 className="mb-4 text-xl font-semibold">{job.title}</h1>
      <table className="w-full text-sm">
        <tbody>
          {job.rows.map(([label, value]) => (
            <tr key={label} className="border-b border-slate-200">
              <th className="py-1 pr-4 text-left font-medium text-slate-600">{label}</th>
              <td className="py-1">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() => window.print()}
        className="mt-6 rounded-md border px-3 py-1 text-sm print:hidden"
      >
        {t('web:print.again')}
      </button>
    </main>
  );
}

import {
  Button,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Tab,
  TabGroup,
  TabList,
  TabPanel,
  TabPanels,
} from '@headlessui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeadLetters } from '../../api/dead-letters';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { errorLog } from '../../state/error-log';
import { DeadLetterList } from './DeadLetterList';
import { BADGE, HEADER_BUTTON } from './header-styles';
import { Icon } from './icons';

const TAB =
  'inline-flex items-center gap-2 border-b-2 border-transparent px-1 py-2.5 text-sm font-medium text-slate-500 hover:text-slate-800 focus:outline-none data-focus:ring-2 data-focus:ring-blue-500 data-selected:border-blue-700 data-selected:text-blue-700';
const TAB_COUNT =
  'rounded-full bg-slate-100 px-1.5 py-0.5 text-[0.6875rem] leading-none font-semibold text-slate-600 tabular-nums';

const SERVER_TAB = 0;
const BROWSER_TAB = 1;

/**
 * SPEC.md §2, §6: the director's error-log button (the header renders it for the role director only). Its dialog
 * has two tabs: the events every service parked (dead letters, with replay and discard) and the client errors
 * captured in this session. The badge counts both; the server's count is asked again every minute.
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState(SERVER_TAB);
  const entries = useStore(errorLog);
  const deadLetters = useDeadLetters(true);
  const serverCount = deadLetters.data?.rows.length ?? 0;
  const count = serverCount + entries.length;

  const show = () => {
    // Open on the tab that has something to show, and ask the services again.
    setTab(serverCount === 0 && entries.length > 0 ? BROWSER_TAB : SERVER_TAB);
    setOpen(true);
    void deadLetters.mutate();
  };

  return (
    <>
      <Button
        type="button"
        onClick={show}
        aria-label={t('layout:errorLog.label', { count })}
        title={t('layout:errorLog.title')}
        aria-haspopup="dialog"
        data-testid="error-log-button"
        className={HEADER_BUTTON}
      >
        <Icon name="bug" className={`h-[1.15rem] w-[1.15rem] ${count > 0 ? 'text-red-500' : ''}`} />
        {count > 0 && (
          <span className={`${BADGE} bg-red-500`} data-testid="error-log-count">
            {Math.min(count, 99)}
          </span>
        )}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-slate-900/40 transition-opacity duration-150 data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel
            transition
            data-testid="error-log-dialog"
            className="flex max-h-[80vh] w-full max-w-3xl flex-col overflow-hidden rounded-xl bg-white shadow-2xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
          >
            <div className="flex items-center justify-between px-5 pt-4 pb-1">
              <DialogTitle className="flex items-center gap-2 text-base font-semibold text-slate-900">
                <Icon name="bug" className="h-5 w-5 text-red-500" />
                {t('layout:errorLog.title')}
              </DialogTitle>
              <button
                type="button"
                onClick={() => setOpen(false)}
                aria-label={t('layout:errorLog.close')}
                className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                <Icon name="close" className="h-5 w-5" />
              </button>
            </div>
            <TabGroup selectedIndex={tab} onChange={setTab} className="flex min-h-0 flex-1 flex-col">
              <TabList className="flex gap-6 border-b border-slate-200 px-5">
                <Tab className={TAB} data-testid="error-log-tab-server">
                  {t('layout:errorLog.tabs.server')}
                  <span className={TAB_COUNT}>{serverCount}</span>
                </Tab>
                <Tab className={TAB} data-testid="error-log-tab-browser">
                  {t('layout:errorLog.tabs.browser')}
                  <span className={TAB_COUNT}>{entries.length}</span>
                </Tab>
              </TabList>
              <TabPanels className="min-h-0 flex-1 overflow-y-auto">
                <TabPanel className="focus:outline-none">
                  <DeadLetterList report={deadLetters.data} loading={deadLetters.isLoading} />
                </TabPanel>
                <TabPanel className="focus:outline-none">
                  {entries.length === 0 ? (
                    <p className="px-5 py-12 text-center text-sm text-slate-500">{t('layout:errorLog.empty')}</p>
                  ) : (
                    <ul className="divide-y divide-slate-100">
                      {entries.map((entry, index) => (
                        <li key={`${entry.at}-${index}`} className="px-5 py-3 text-sm">
                          <p className="font-medium break-words text-red-700">{entry.message}</p>
                          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-500">
                            <dt>{t('layout:errorLog.time')}</dt>
                            <dd className="tabular-nums">{formatDateTime(entry.at)}</dd>
                            <dt>{t('layout:errorLog.page')}</dt>
                            <dd className="font-mono break-all">{entry.url}</dd>
                            <dt>{t('layout:errorLog.source')}</dt>
                            <dd className="font-mono break-all">{entry.source}</dd>
                          </dl>
                        </li>
                      ))}
                    </ul>
                  )}
                </TabPanel>
              </TabPanels>
            </TabGroup>
            <div className="flex justify-end gap-2 border-t border-slate-200 bg-slate-50 px-5 py-3">
              {tab === SERVER_TAB ? (
                <button
                  type="button"
                  onClick={() => void deadLetters.mutate()}
                  disabled={deadLetters.isValidating}
                  data-testid="error-log-refresh"
                  className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-300 hover:bg-white disabled:cursor-not-allowed disabled:text-slate-300 disabled:ring-slate-200"
                >
                  <Icon name="refresh" className={`h-4 w-4 ${deadLetters.isValidating ? 'animate-spin' : ''}`} />
                  {t('layout:errorLog.refresh')}
                </button>
              ) : (
                <button
                  type="button"
                  onClick={() => errorLog.set([])}
                  disabled={entries.length === 0}
                  className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 ring-1 ring-slate-300 hover:bg-white disabled:cursor-not-allowed disabled:text-slate-300 disabled:ring-slate-200"
                >
                  {t('layout:errorLog.clear')}
                </button>
              )}
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-md bg-blue-700 px-4 py-1.5 text-sm font-medium text-white hover:bg-blue-800"
              >
                {t('layout:errorLog.close')}
              </button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}

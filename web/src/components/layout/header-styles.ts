/**
 * Shared looks of the header's controls, so every button and dropdown in it matches. Controls are Headless UI
 * buttons: `data-focus` marks keyboard focus only (a click that moves focus draws no ring).
 */
export const HEADER_BUTTON =
  'relative inline-flex h-9 min-w-9 items-center justify-center gap-1.5 rounded-lg px-2 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus:outline-none data-focus:ring-2 data-focus:ring-blue-500 data-open:bg-slate-100 data-open:text-slate-800';

export const DROPDOWN_PANEL =
  'z-50 rounded-xl bg-white p-1.5 text-sm shadow-lg ring-1 ring-slate-900/10 transition duration-100 ease-out [--anchor-gap:0.5rem] focus:outline-none data-closed:scale-95 data-closed:opacity-0';

export const DROPDOWN_ITEM =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

export const BADGE =
  'absolute -top-0.5 -right-0.5 flex h-[1.1rem] min-w-[1.1rem] items-center justify-center rounded-full px-1 text-[0.625rem] leading-none font-semibold text-white ring-2 ring-white';
